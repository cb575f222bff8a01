import type { z } from 'zod';
import {
  isStaffRole,
  type ActiveSession,
  type Profile,
  type changeEmailSchema,
  type changePasswordSchema,
  type resetPasswordSchema,
  type Role,
} from '@school-transport/shared';
import type { Database, Executor } from '../../../db/client.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import type { Clock } from '../../../lib/clock.js';
import { rethrowConflict } from '../../../lib/db-errors.js';
import {
  AppError,
  badRequest,
  conflict,
  notFound,
  refusal,
  tooManyRequests,
  wordedField,
} from '../../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import {
  type AuthenticatedSession,
  clearFailedLogins,
  maySignIn,
  revokeSession,
  revokeUserSessions,
  type SessionLifetimes,
  userLiveSessions,
} from '../auth/index.js';
import {
  assertLongEnoughFor,
  assertNotCommon,
  checkPassword,
  EMAIL_TAKEN,
  findUserByEmail,
  findUserById,
  hashPassword,
  lockUser,
  updateUser,
  type UserRow,
} from '../users/index.js';
import { translatorOf } from '../i18n/index.js';
import { type Mailer, mails } from '../mail/index.js';
import {
  hasLiveToken,
  insertToken,
  openEmailChange,
  spendOpenTokens,
  spendToken,
  tokensSentSince,
  updateToken,
} from './account-queries.js';
import {
  CODE_LIFETIME_MS,
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_INTERVAL_MS,
  codeHasher,
  issueLinkToken,
  newCode,
  openLinkToken,
} from './account-tokens.js';

/**
 * Whether a reset link may be sent to, or used by, this account: one that may sign in, is not disabled, and was
 * opened (it has a password) or is being opened (an invitation to it is still open). A record the office keeps but
 * never invited stays without an account: the office decides who gets an app, so a reset cannot open one.
 */
async function mayReset(tx: Executor, user: UserRow, now: Date): Promise<boolean> {
  if (user.disabledAt || !maySignIn(user)) return false;
  return user.passwordHash !== null || hasLiveToken(tx, user.id, 'invitation', now);
}

/** Reset mails one address may receive per hour; further requests get the same answer and no mail. */
export const RESET_MAILS_PER_HOUR = 3;

export interface AccountServiceDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  codeSecret: Buffer;
  lifetimes: SessionLifetimes;
}

/**
 * The account's reset link, on the server's public address: a driver's or parent's opens their phone app's own
 * reset page (/driver/reset-password, /parent/reset-password: decision 053), office staff's the back-office's.
 */
export const resetLink = (publicUrl: string, token: string, role: Role) =>
  `${publicUrl.replace(/\/$/, '')}${isStaffRole(role) ? '' : `/${role}`}/reset-password?token=${token}`;

async function userOf(db: Executor, id: string) {
  const user = await findUserById(db, id);
  if (!user) throw notFound('Account not found.');
  return user;
}

/**
 * Runs after the answer has gone (account-routes.ts), so an unknown address, an account that may not reset
 * (mayReset: never invited, disabled) and a real one all answer alike and at once; only the real one gets a
 * mail. Mails are limited per address.
 */
export async function forgotPassword(
  { db, clock, mailer, publicUrl }: AccountServiceDeps,
  email: string,
  ip: string,
): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const now = clock();
  const token = await db.transaction(async (tx) => {
    // Requests no longer wait for each other's work (it runs after the answer): the account's row serialises
    // them, so that parallel requests cannot all count fewer mails than the limit.
    await lockUser(tx, user.id);
    // Read under the lock: the office may be disabling the account or sending its invitation meanwhile.
    const locked = await findUserById(tx, user.id);
    if (!locked || !(await mayReset(tx, locked, now))) return null;
    if (
      (await tokensSentSince(tx, user.id, 'password_reset', new Date(now.getTime() - 3_600_000))) >=
      RESET_MAILS_PER_HOUR
    ) {
      // Recorded, for whoever wonders why no mail came (and who keeps asking).
      await recordAudit(tx, {
        actor: null,
        action: 'auth.password_reset_limited',
        entityType: 'user',
        entityId: user.id,
        ip,
      });
      return null;
    }
    const issued = await issueLinkToken(tx, user.id, 'password_reset', now);
    await recordAudit(tx, {
      actor: null,
      action: 'auth.password_reset_requested',
      entityType: 'user',
      entityId: user.id,
      ip,
    });
    return issued;
  });
  if (token)
    await mailer.send(
      mails.passwordReset(user.email, resetLink(publicUrl, token, user.role), translatorOf(user)),
    );
}

/** A reset or invitation link sets the password once; every session of the account ends. */
export async function resetPassword(
  { db, clock, mailer }: AccountServiceDeps,
  input: z.output<typeof resetPasswordSchema>,
  ip: string,
): Promise<void> {
  assertNotCommon(input.password);
  const now = clock();
  const passwordHash = await hashPassword(input.password);
  const user = await db.transaction(async (tx) => {
    const token = await openLinkToken(tx, input.token, now);
    if (!token)
      throw refusal(400, { code: 'refusal.linkInvalid' }, [
        wordedField('token', { code: 'refusal.linkInvalid' }),
      ]);
    const account = await findUserById(tx, token.userId);
    // A link issued to an account that may not reset: disabled since, or never invited (a reset link from
    // before that rule).
    if (!account || !(await mayReset(tx, account, now))) throw refusal(400, { code: 'refusal.linkInvalid' });
    // Thrown before the link is spent, so it still works for a long enough password.
    assertLongEnoughFor(account.role, input.password);
    await spendToken(tx, token.id, now);
    await updateUser(tx, account.id, {
      passwordHash,
      updatedAt: now,
      // Following the mailed link proves the address.
      emailVerifiedAt: account.emailVerifiedAt ?? now,
    });
    await revokeUserSessions(tx, account.id, now);
    await clearFailedLogins(tx, account.email.toLowerCase());
    await recordAudit(tx, {
      actor: { id: account.id, email: account.email },
      action: token.purpose === 'invitation' ? 'auth.invitation_accepted' : 'auth.password_reset',
      entityType: 'user',
      entityId: account.id,
      ip,
    });
    return account;
  });
  await mailer.send(mails.passwordChanged(user.email, translatorOf(user)));
}

export async function profileOf({ db, clock }: AccountServiceDeps, userId: string): Promise<Profile> {
  const user = await userOf(db, userId);
  const pending = await openEmailChange(db, userId, clock());
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    pendingEmail: pending?.newEmail ?? null,
  };
}

export async function changeName(
  { db, clock }: AccountServiceDeps,
  userId: string,
  name: string,
  context: ChangeContext,
): Promise<void> {
  await db.transaction(async (tx) => {
    await updateUser(tx, userId, { name, updatedAt: clock() });
    await recordAudit(tx, {
      ...context,
      action: 'profile.name_changed',
      entityType: 'user',
      entityId: userId,
      details: { name },
    });
  });
}

/** Needs the current password; the other sessions end, this one stays. */
export async function changePassword(
  { db, clock, mailer }: AccountServiceDeps,
  session: AuthenticatedSession,
  input: z.output<typeof changePasswordSchema>,
  context: ChangeContext,
) {
  const user = await userOf(db, session.user.id);
  await assertCurrentPassword(user.passwordHash, input.currentPassword);
  assertLongEnoughFor(user.role, input.password);
  assertNotCommon(input.password);
  const passwordHash = await hashPassword(input.password);
  const now = clock();
  await db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash, updatedAt: now });
    await revokeUserSessions(tx, user.id, now, session.sessionId);
    await recordAudit(tx, {
      ...context,
      action: 'profile.password_changed',
      entityType: 'user',
      entityId: user.id,
    });
  });
  await mailer.send(mails.passwordChanged(user.email, translatorOf(user)));
}

/** The new address is only saved once the code mailed to it is entered (verifyEmail). */
export async function requestEmailChange(
  { db, clock, mailer, codeSecret }: AccountServiceDeps,
  userId: string,
  input: z.output<typeof changeEmailSchema>,
  context: ChangeContext,
) {
  await assertCurrentPassword((await userOf(db, userId)).passwordHash, input.currentPassword);
  const { email } = input;
  const taken = await findUserByEmail(db, email);
  if (taken)
    throw conflict(EMAIL_TAKEN.users_email_lower_unique.message, [EMAIL_TAKEN.users_email_lower_unique]);
  const now = clock();
  const code = newCode();
  await db.transaction(async (tx) => {
    await spendOpenTokens(tx, userId, 'email_change', now);
    const tokenId = await insertToken(tx, {
      userId,
      purpose: 'email_change',
      newEmail: email,
      expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS),
      sentAt: now,
    });
    await updateToken(tx, tokenId, { codeHash: codeHasher(codeSecret)(tokenId, code) });
    await recordAudit(tx, {
      ...context,
      action: 'profile.email_change_requested',
      entityType: 'user',
      entityId: userId,
      details: { newEmail: email },
    });
  });
  await mailer.send(mails.verificationCode(email, code));
}

/** A new code for the pending change, at most once a minute; the old code stops working. */
export async function resendCode(
  { db, clock, mailer, codeSecret }: AccountServiceDeps,
  userId: string,
  context: ChangeContext,
) {
  const now = clock();
  const code = newCode();
  const email = await db.transaction(async (tx) => {
    const pending = await openEmailChange(tx, userId, now, true);
    if (!pending) throw badRequest('There is no email change waiting for a code.');
    if (now.getTime() - pending.sentAt.getTime() < CODE_RESEND_INTERVAL_MS) {
      throw tooManyRequests(
        'A code was sent less than a minute ago. Wait a moment before asking for another.',
      );
    }
    await updateToken(tx, pending.id, {
      codeHash: codeHasher(codeSecret)(pending.id, code),
      attempts: 0,
      sentAt: now,
      expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS),
    });
    await recordAudit(tx, {
      ...context,
      action: 'profile.verification_code_resent',
      entityType: 'user',
      entityId: userId,
    });
    return pending.newEmail!;
  });
  await mailer.send(mails.verificationCode(email, code));
}

/** Five wrong codes spend the change; the person asks for a new one. */
export async function verifyEmail(
  { db, clock, mailer, codeSecret }: AccountServiceDeps,
  userId: string,
  code: string,
  context: ChangeContext,
): Promise<string> {
  const now = clock();
  const outcome = await db
    .transaction(async (tx) => {
      const pending = await openEmailChange(tx, userId, now, true);
      if (!pending)
        return {
          error: badRequest('This code has expired. Ask for a new one.', [
            { field: 'code', message: 'The code has expired' },
          ]),
        };
      if (pending.codeHash !== codeHasher(codeSecret)(pending.id, code)) {
        const attempts = pending.attempts + 1;
        const exhausted = attempts >= CODE_MAX_ATTEMPTS;
        await updateToken(tx, pending.id, { attempts, ...(exhausted ? { usedAt: now } : {}) });
        const message = exhausted
          ? 'Too many wrong codes. Ask for a new code.'
          : `The code is not right. ${CODE_MAX_ATTEMPTS - attempts} tries left.`;
        // Committed (the try counts), then reported.
        return {
          error: exhausted ? new AppError(429, message) : badRequest(message, [{ field: 'code', message }]),
        };
      }
      await spendToken(tx, pending.id, now);
      const before = await findUserById(tx, userId);
      await updateUser(tx, userId, { email: pending.newEmail!, emailVerifiedAt: now, updatedAt: now });
      await recordAudit(tx, {
        ...context,
        action: 'profile.email_changed',
        entityType: 'user',
        entityId: userId,
        details: { from: before?.email, to: pending.newEmail },
      });
      return { email: pending.newEmail!, from: before?.email };
    })
    .catch((error: unknown) => rethrowConflict(error, EMAIL_TAKEN));
  if ('error' in outcome) throw outcome.error;
  if (outcome.from) await mailer.send(mails.emailChanged(outcome.from, outcome.email));
  return outcome.email;
}

export async function sessionsOf(
  { db, clock, lifetimes }: AccountServiceDeps,
  session: AuthenticatedSession,
): Promise<ActiveSession[]> {
  const rows = await userLiveSessions(db, session.user, clock(), lifetimes);
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === session.sessionId,
  }));
}

/** Only one's own sessions; an unknown or someone else's id is a 404 alike. */
export async function endSession(
  { db, clock, lifetimes }: AccountServiceDeps,
  session: AuthenticatedSession,
  sessionId: string,
  context: ChangeContext,
) {
  const own = (await userLiveSessions(db, session.user, clock(), lifetimes)).some(
    (row) => row.id === sessionId,
  );
  if (!own) throw notFound('Session not found.');
  await db.transaction(async (tx) => {
    await revokeSession(tx, sessionId, clock());
    await recordAudit(tx, {
      ...context,
      action: 'profile.session_ended',
      entityType: 'session',
      entityId: sessionId,
    });
  });
}

/** A person's own account: password (forgotten, reset, changed), name, e-mail address and sessions. */
export function createAccountService(deps: AccountServiceDeps) {
  return {
    forgotPassword: forgotPassword.bind(null, deps),
    resetPassword: resetPassword.bind(null, deps),
    profile: profileOf.bind(null, deps),
    changeName: changeName.bind(null, deps),
    changePassword: changePassword.bind(null, deps),
    requestEmailChange: requestEmailChange.bind(null, deps),
    resendCode: resendCode.bind(null, deps),
    verifyEmail: verifyEmail.bind(null, deps),
    sessions: sessionsOf.bind(null, deps),
    endSession: endSession.bind(null, deps),
  };
}
export type AccountService = ReturnType<typeof createAccountService>;

/** Changing the password or the e-mail address proves the owner is at the keyboard, not just their session. */
async function assertCurrentPassword(passwordHash: string | null, currentPassword: string): Promise<void> {
  if (!(await checkPassword(passwordHash, currentPassword))) {
    throw refusal(400, { code: 'refusal.wrongCurrentPassword' }, [
      wordedField('currentPassword', { code: 'refusal.wrongCurrentPassword' }),
    ]);
  }
}
