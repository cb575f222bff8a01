import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_MESSAGES,
  type Passkey,
  type SecondFactorSignInInput,
  type SecondFactorStatus,
  type SecondFactorStep,
  type SessionUser,
  type TotpEnrolment,
} from '@school-transport/shared';
import type { Database, Executor } from '../../../db/client.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import type { Clock } from '../../../lib/clock.js';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  tooManyRequests,
  unauthorized,
} from '../../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { checkPassword, findUserById, type UserRow } from '../users/index.js';
import { recordFailedLogin } from './login-failure-queries.js';
import {
  deletePasskey,
  findUserPasskey,
  hasPasskey,
  insertPasskey,
  listPasskeys,
  putWebauthnChallenge,
  takePasskeyUse,
  takeWebauthnChallenge,
} from './passkey-queries.js';
import {
  authenticationOptions,
  registrationOptions,
  verifiedAssertion,
  verifiedRegistration,
  type RelyingParty,
  type StoredPasskey,
} from './passkeys.js';
import { newRecoveryCode, recoveryCodeHash, type SecretBox } from './second-factor-crypto.js';
import {
  deleteChallenge,
  deleteTotp,
  failChallenge,
  findChallenge,
  findTotpFactor,
  hasConfirmedTotp,
  insertChallenge,
  putPendingTotp,
  replaceRecoveryCodes,
  takeRecoveryCode,
  takeTotpStep,
  unusedRecoveryCodeCount,
} from './second-factor-queries.js';
import type { SessionLifetimes } from './sessions.js';
import { openSignedInSession } from './sign-in.js';
import { hashToken, newToken } from './tokens.js';
import { base32Encode, matchingStep, newTotpSecret, otpauthUri } from './totp.js';

/** The pending token lives this long: enough to open the app and type a code, too short to be worth stealing. */
export const CHALLENGE_MS = 5 * 60_000;
/** Wrong codes one pending token takes before it ends (each also counts as a failed sign-in of the address). */
export const CHALLENGE_MAX_FAILURES = 5;

export interface SecondFactorDeps {
  db: Database;
  clock: Clock;
  lifetimes: SessionLifetimes;
  box: SecretBox;
  /** The operator's setting: every administrator must have a second factor. */
  required: boolean;
  /** The issuer an authenticator app shows beside the code. */
  issuer: string;
  /** Passkeys' relying party: the server's public address (passkeys.ts). */
  rp: RelyingParty;
  /** The same refusal as the password step's (auth-service.ts loginRefusal), so both steps share one lockout. */
  refusal: (email: string, ip: string, now: Date) => Promise<string | null>;
}

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;

interface Client {
  ip: string;
  userAgent?: string;
}

const sessionUserOf = (user: UserRow): SessionUser => ({
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
});

export function createSecondFactorService(deps: SecondFactorDeps) {
  const { db, clock, lifetimes, box } = deps;

  async function newRecoveryCodes(tx: Executor, userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await replaceRecoveryCodes(tx, userId, codes.map(recoveryCodeHash));
    return codes;
  }

  async function startEnrolment(user: { id: string; email: string }): Promise<TotpEnrolment> {
    if (await hasConfirmedTotp(db, user.id)) throw conflict(SECOND_FACTOR_MESSAGES.alreadyEnrolled);
    const secret = newTotpSecret();
    await putPendingTotp(db, user.id, box.seal(secret), clock());
    return { secret: base32Encode(secret), otpauthUri: otpauthUri(secret, deps.issuer, user.email) };
  }

  /** The unconfirmed factor's step that `code` is, or null. */
  async function pendingStep(userId: string, code: string, now: Date): Promise<number | null> {
    const factor = await findTotpFactor(db, userId);
    if (!factor || factor.confirmedAt) throw conflict(SECOND_FACTOR_MESSAGES.notStarted);
    return matchingStep(box.open(factor.encryptedSecret), code, now);
  }

  /** Confirms the factor with `step` and makes the first recovery codes, in the caller's transaction. */
  async function confirm(
    tx: Executor,
    user: { id: string; email: string },
    step: number,
    now: Date,
    ip: string,
  ) {
    if (!(await takeTotpStep(tx, user.id, step, now))) throw conflict(SECOND_FACTOR_MESSAGES.notStarted);
    const codes = await newRecoveryCodes(tx, user.id);
    await recordAudit(tx, {
      actor: user,
      action: 'auth.second_factor_enrolled',
      entityType: 'user',
      entityId: user.id,
      details: { method: 'totp' },
      ip,
    });
    return codes;
  }

  /** The pending step of this token with its user, or a refusal: run out, locked out, or disabled meanwhile. */
  async function openStep(pendingToken: string, client: Client, now: Date) {
    const challenge = await findChallenge(db, hashToken(pendingToken), now);
    const user = challenge && (await findUserById(db, challenge.userId));
    if (!challenge || !user) throw unauthorized(SECOND_FACTOR_MESSAGES.stepExpired);
    const refusal = await deps.refusal(user.email.toLowerCase(), client.ip, now);
    if (refusal) throw tooManyRequests(refusal);
    if (user.disabledAt) throw forbidden(SECOND_FACTOR_MESSAGES.stepExpired);
    return { challenge, user };
  }

  /** A wrong code: counted against the address like a wrong password, and against the step. */
  async function wrongCode(
    challengeId: string,
    user: UserRow,
    client: Client,
    now: Date,
    message: string = SECOND_FACTOR_MESSAGES.wrongCode,
  ): Promise<never> {
    await db.transaction(async (tx) => {
      await recordFailedLogin(tx, user.email.toLowerCase(), client.ip, now);
      await failChallenge(tx, challengeId, CHALLENGE_MAX_FAILURES);
      await recordAudit(tx, {
        actor: null,
        action: 'auth.second_factor_failed',
        details: { email: user.email },
        ip: client.ip,
      });
    });
    throw unauthorized(message);
  }

  /**
   * A passkey's assertion at sign-in: for the challenge this step was given (taken by the first answer, right or
   * wrong), by one of this user's passkeys, with a signature counter above the last one seen. A refusal counts
   * like a wrong code.
   */
  async function passkeySignIn(
    challenge: { id: string },
    user: UserRow,
    assertion: AuthenticationResponseJSON,
    client: Client,
    now: Date,
  ) {
    const refused = () => wrongCode(challenge.id, user, client, now, SECOND_FACTOR_MESSAGES.passkeyRefused);
    const expected = await takeWebauthnChallenge(db, user.id, challenge.id, now);
    const key = await findUserPasskey(db, user.id, assertion.id);
    const counter = expected && key ? await verifiedAssertion(deps.rp, assertion, expected, key) : null;
    if (!key || counter === null) return refused();
    const sessionUser = sessionUserOf(user);
    const token = await db.transaction(async (tx) => {
      if (!(await takePasskeyUse(tx, key.id, counter, now))) return null;
      if (!(await deleteChallenge(tx, challenge.id))) throw unauthorized(SECOND_FACTOR_MESSAGES.stepExpired);
      return openSignedInSession(tx, sessionUser, client, now, lifetimes, 'passkey', { passkey: key.label });
    });
    if (token === null) return refused();
    return { token, user: sessionUser };
  }

  /** Registration options for the user, with its challenge kept for the profile (null) or a sign-in step. */
  async function passkeyRegistration(userId: string, signInChallengeId: string | null, expiresAt: Date) {
    const user = await findUserById(db, userId);
    if (!user) throw unauthorized(SECOND_FACTOR_MESSAGES.stepExpired);
    const options = await registrationOptions(deps.rp, user, await listPasskeys(db, user.id));
    await putWebauthnChallenge(db, { userId, signInChallengeId, challenge: options.challenge, expiresAt });
    return options;
  }

  /** Takes the registration's challenge (used once, right or wrong): the new key, 'refused', or null (no challenge). */
  async function verifiedNewPasskey(
    userId: string,
    signInChallengeId: string | null,
    credential: RegistrationResponseJSON,
    now: Date,
  ) {
    const expected = await takeWebauthnChallenge(db, userId, signInChallengeId, now);
    if (!expected) return null;
    return (await verifiedRegistration(deps.rp, credential, expected)) ?? ('refused' as const);
  }

  /** Stores a verified passkey, audited; the first recovery codes when the account has none unused. */
  async function storePasskey(
    tx: Executor,
    actor: ChangeContext['actor'],
    label: string,
    key: StoredPasskey,
    now: Date,
    ip: string,
  ): Promise<string[]> {
    const added = await insertPasskey(tx, { userId: actor.id, ...key, label, createdAt: now });
    if (!added) throw conflict(SECOND_FACTOR_MESSAGES.passkeyTaken);
    await recordAudit(tx, {
      actor,
      action: 'auth.second_factor_enrolled',
      entityType: 'user',
      entityId: actor.id,
      details: { method: 'passkey', label },
      ip,
    });
    return (await unusedRecoveryCodeCount(tx, actor.id)) > 0 ? [] : newRecoveryCodes(tx, actor.id);
  }

  /** Whether removing one factor of the user's would leave none while the operator requires one. */
  async function lastRequiredFactor(tx: Executor, userId: string, removing: 'totp' | 'passkey') {
    if (!deps.required) return false;
    const totp = removing === 'totp' ? false : await hasConfirmedTotp(tx, userId);
    const passkeys = (await listPasskeys(tx, userId)).length - (removing === 'passkey' ? 1 : 0);
    return !totp && passkeys <= 0;
  }

  return {
    /**
     * The step after a right password, or null when the session may open at once: administrators with a
     * confirmed factor type a code; with none, when the operator requires one, they enrol first.
     */
    async stepAfterPassword(user: UserRow): Promise<SecondFactorStep | null> {
      if (user.role !== 'admin') return null;
      const totp = await hasConfirmedTotp(db, user.id);
      const passkey = await hasPasskey(db, user.id);
      const next = totp || passkey ? 'code' : deps.required ? 'enrol' : null;
      if (!next) return null;
      const pendingToken = newToken();
      await insertChallenge(db, {
        userId: user.id,
        tokenHash: hashToken(pendingToken),
        expiresAt: new Date(clock().getTime() + CHALLENGE_MS),
      });
      return { pendingToken, next, totp, passkey };
    },

    /**
     * The second step: a code from the app (each step's code once), an unused recovery code, or a passkey's
     * assertion, then a session.
     */
    async completeSignIn(input: SecondFactorSignInInput, client: Client) {
      const now = clock();
      const { challenge, user } = await openStep(input.pendingToken, client, now);
      if ('passkey' in input) {
        return passkeySignIn(challenge, user, input.passkey as AuthenticationResponseJSON, client, now);
      }
      // Recovery codes stand in for any factor (a passkey-only account has them too); a code needs the app.
      const factor = await findTotpFactor(db, user.id);
      if ('code' in input && !factor?.confirmedAt) throw unauthorized(SECOND_FACTOR_MESSAGES.stepExpired);
      const sessionUser = sessionUserOf(user);
      const token = await db.transaction(async (tx) => {
        let method: 'totp' | 'recovery-code';
        if ('code' in input) {
          const step = matchingStep(box.open(factor!.encryptedSecret), input.code, now);
          if (step === null || !(await takeTotpStep(tx, user.id, step))) return null;
          method = 'totp';
        } else {
          if (!(await takeRecoveryCode(tx, user.id, recoveryCodeHash(input.recoveryCode), now))) return null;
          method = 'recovery-code';
          await recordAudit(tx, {
            actor: sessionUser,
            action: 'auth.recovery_code_used',
            entityType: 'user',
            entityId: user.id,
            details: { left: await unusedRecoveryCodeCount(tx, user.id) },
            ip: client.ip,
          });
        }
        // A pending token opens one session: a second use with another code finds it gone.
        if (!(await deleteChallenge(tx, challenge.id)))
          throw unauthorized(SECOND_FACTOR_MESSAGES.stepExpired);
        return openSignedInSession(tx, sessionUser, client, now, lifetimes, method);
      });
      if (token === null) return wrongCode(challenge.id, user, client, now);
      return { token, user: sessionUser };
    },

    /** The browser's options for a passkey at this sign-in step, with a new challenge kept for the step. */
    async passkeyOptionsAtSignIn(pendingToken: string, client: Client) {
      const { challenge, user } = await openStep(pendingToken, client, clock());
      const keys = await listPasskeys(db, user.id);
      if (keys.length === 0) throw conflict(SECOND_FACTOR_MESSAGES.noPasskeys);
      const options = await authenticationOptions(deps.rp, keys);
      await putWebauthnChallenge(db, {
        userId: user.id,
        signInChallengeId: challenge.id,
        challenge: options.challenge,
        expiresAt: challenge.expiresAt,
      });
      return options;
    },

    /** Enrolment at sign-in, when the operator requires a factor and the account has none. */
    async startEnrolmentAtSignIn(pendingToken: string, client: Client): Promise<TotpEnrolment> {
      const { user } = await openStep(pendingToken, client, clock());
      return startEnrolment(user);
    },

    async confirmEnrolmentAtSignIn(pendingToken: string, code: string, client: Client) {
      const now = clock();
      const { challenge, user } = await openStep(pendingToken, client, now);
      const step = await pendingStep(user.id, code, now);
      if (step === null) return wrongCode(challenge.id, user, client, now);
      const sessionUser = sessionUserOf(user);
      return db.transaction(async (tx) => {
        const recoveryCodes = await confirm(tx, sessionUser, step, now, client.ip);
        if (!(await deleteChallenge(tx, challenge.id)))
          throw unauthorized(SECOND_FACTOR_MESSAGES.stepExpired);
        const token = await openSignedInSession(tx, sessionUser, client, now, lifetimes, 'totp');
        return { token, user: sessionUser, recoveryCodes };
      });
    },

    async status(userId: string): Promise<SecondFactorStatus> {
      return {
        totp: await hasConfirmedTotp(db, userId),
        passkeys: (await listPasskeys(db, userId)).map((key): Passkey => ({
          id: key.id,
          label: key.label,
          createdAt: key.createdAt.toISOString(),
          lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
        })),
        recoveryCodesLeft: await unusedRecoveryCodeCount(db, userId),
        required: deps.required,
      };
    },

    /** A signed-in admin starts enrolment: a new secret, unconfirmed until a code from the app is typed. */
    startEnrolment: (context: ChangeContext) => startEnrolment(context.actor),

    async confirmEnrolment(code: string, context: ChangeContext): Promise<string[]> {
      const now = clock();
      const step = await pendingStep(context.actor.id, code, now);
      // 400, not 401: the admin is signed in, and a 401 would read as signed out.
      if (step === null) {
        throw badRequest(SECOND_FACTOR_MESSAGES.wrongCode, [
          { field: 'code', message: SECOND_FACTOR_MESSAGES.wrongCode },
        ]);
      }
      return db.transaction((tx) => confirm(tx, context.actor, step, now, context.ip));
    },

    /** A signed-in admin starts adding a passkey: the browser's options, with a challenge kept five minutes. */
    startPasskeyRegistration: (context: ChangeContext) =>
      passkeyRegistration(context.actor.id, null, new Date(clock().getTime() + CHALLENGE_MS)),

    /**
     * The browser's new credential for the registration's challenge (taken, right or wrong), named `label`. An
     * account without unused recovery codes (a first factor that is a passkey) gets new ones, answered once.
     */
    async addPasskey(
      label: string,
      credential: RegistrationResponseJSON,
      context: ChangeContext,
    ): Promise<string[]> {
      const now = clock();
      const verified = await verifiedNewPasskey(context.actor.id, null, credential, now);
      if (!verified) throw conflict(SECOND_FACTOR_MESSAGES.passkeyNotStarted);
      if (verified === 'refused') throw badRequest(SECOND_FACTOR_MESSAGES.passkeyRefused);
      return db.transaction((tx) => storePasskey(tx, context.actor, label, verified, now, context.ip));
    },

    /** Enrolment of a passkey at sign-in (the operator requires a factor): the browser's options for the step. */
    async passkeyRegistrationAtSignIn(pendingToken: string, client: Client) {
      const { challenge, user } = await openStep(pendingToken, client, clock());
      return passkeyRegistration(user.id, challenge.id, challenge.expiresAt);
    },

    /** The new passkey at sign-in, then the session and the first recovery codes; a refusal counts as a wrong code. */
    async confirmPasskeyAtSignIn(
      pendingToken: string,
      label: string,
      credential: RegistrationResponseJSON,
      client: Client,
    ) {
      const now = clock();
      const { challenge, user } = await openStep(pendingToken, client, now);
      const verified = await verifiedNewPasskey(user.id, challenge.id, credential, now);
      if (!verified || verified === 'refused') {
        return wrongCode(challenge.id, user, client, now, SECOND_FACTOR_MESSAGES.passkeyRefused);
      }
      const sessionUser = sessionUserOf(user);
      return db.transaction(async (tx) => {
        const recoveryCodes = await storePasskey(tx, sessionUser, label, verified, now, client.ip);
        if (!(await deleteChallenge(tx, challenge.id)))
          throw unauthorized(SECOND_FACTOR_MESSAGES.stepExpired);
        const token = await openSignedInSession(tx, sessionUser, client, now, lifetimes, 'passkey', {
          passkey: label,
        });
        return { token, user: sessionUser, recoveryCodes };
      });
    },

    /** Removing a passkey asks for the password; the last factor stays while the operator requires one. */
    async removePasskey(id: string, password: string, context: ChangeContext): Promise<void> {
      await assertPassword(db, context.actor.id, password);
      await db.transaction(async (tx) => {
        if (await lastRequiredFactor(tx, context.actor.id, 'passkey')) {
          throw forbidden(SECOND_FACTOR_MESSAGES.requiredLastFactor);
        }
        const removed = await deletePasskey(tx, context.actor.id, id);
        if (!removed) throw notFound('No such passkey.');
        const factorLeft =
          (await hasConfirmedTotp(tx, context.actor.id)) || (await hasPasskey(tx, context.actor.id));
        if (!factorLeft) await replaceRecoveryCodes(tx, context.actor.id, []);
        await recordAudit(tx, {
          actor: context.actor,
          action: 'auth.second_factor_removed',
          entityType: 'user',
          entityId: context.actor.id,
          details: { method: 'passkey', label: removed.label },
          ip: context.ip,
        });
      });
    },

    /** Removing the factor asks for the password; refused while the operator requires one and it is the last. */
    async remove(password: string, context: ChangeContext): Promise<void> {
      if (await lastRequiredFactor(db, context.actor.id, 'totp')) {
        throw forbidden(SECOND_FACTOR_MESSAGES.requiredCannotRemove);
      }
      await assertPassword(db, context.actor.id, password);
      await db.transaction(async (tx) => {
        await deleteTotp(tx, context.actor.id);
        // Recovery codes go with the last factor; with a passkey left they stay its way back.
        if (!(await hasPasskey(tx, context.actor.id))) await replaceRecoveryCodes(tx, context.actor.id, []);
        await recordAudit(tx, {
          actor: context.actor,
          action: 'auth.second_factor_removed',
          entityType: 'user',
          entityId: context.actor.id,
          details: { method: 'totp' },
          ip: context.ip,
        });
      });
    },

    /** New recovery codes replace all the old ones; asks for the password. */
    async renewRecoveryCodes(password: string, context: ChangeContext): Promise<string[]> {
      await assertPassword(db, context.actor.id, password);
      const hasFactor =
        (await hasConfirmedTotp(db, context.actor.id)) || (await hasPasskey(db, context.actor.id));
      if (!hasFactor) throw conflict(SECOND_FACTOR_MESSAGES.notStarted);
      return db.transaction(async (tx) => {
        const codes = await newRecoveryCodes(tx, context.actor.id);
        await recordAudit(tx, {
          actor: context.actor,
          action: 'auth.recovery_codes_renewed',
          entityType: 'user',
          entityId: context.actor.id,
          ip: context.ip,
        });
        return codes;
      });
    },
  };
}

const WRONG_PASSWORD = 'The current password is not right.';

async function assertPassword(db: Executor, userId: string, password: string): Promise<void> {
  const user = await findUserById(db, userId);
  if (!(await checkPassword(user?.passwordHash, password))) {
    throw badRequest(WRONG_PASSWORD, [{ field: 'password', message: WRONG_PASSWORD }]);
  }
}
