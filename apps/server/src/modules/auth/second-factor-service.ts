import {
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_MESSAGES,
  type SecondFactorSignInInput,
  type SecondFactorStatus,
  type SecondFactorStep,
  type SessionUser,
  type TotpEnrolment,
} from '@school-transport/shared';
import type { Database, Executor } from '../../db/client.js';
import type { ChangeContext } from '../../lib/change-context.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict, forbidden, tooManyRequests, unauthorized } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit-log.js';
import { checkPassword } from '../users/passwords.js';
import { findUserById, type UserRow } from '../users/user-queries.js';
import { recordFailedLogin } from './login-failure-queries.js';
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
  async function wrongCode(challengeId: string, user: UserRow, client: Client, now: Date): Promise<never> {
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
    throw unauthorized(SECOND_FACTOR_MESSAGES.wrongCode);
  }

  return {
    /**
     * The step after a right password, or null when the session may open at once: administrators with a
     * confirmed factor type a code; with none, when the operator requires one, they enrol first.
     */
    async stepAfterPassword(user: UserRow): Promise<SecondFactorStep | null> {
      if (user.role !== 'admin') return null;
      const next = (await hasConfirmedTotp(db, user.id)) ? 'code' : deps.required ? 'enrol' : null;
      if (!next) return null;
      const pendingToken = newToken();
      await insertChallenge(db, {
        userId: user.id,
        tokenHash: hashToken(pendingToken),
        expiresAt: new Date(clock().getTime() + CHALLENGE_MS),
      });
      return { pendingToken, next };
    },

    /** The second step: a code from the app (each step's code once) or an unused recovery code, then a session. */
    async completeSignIn(input: SecondFactorSignInInput, client: Client) {
      const now = clock();
      const { challenge, user } = await openStep(input.pendingToken, client, now);
      const factor = await findTotpFactor(db, user.id);
      if (!factor?.confirmedAt) throw unauthorized(SECOND_FACTOR_MESSAGES.stepExpired);
      const sessionUser = sessionUserOf(user);
      const token = await db.transaction(async (tx) => {
        let method: 'totp' | 'recovery-code';
        if ('code' in input) {
          const step = matchingStep(box.open(factor.encryptedSecret), input.code, now);
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

    /** Removing the factor asks for the password; refused while the operator requires one. */
    async remove(password: string, context: ChangeContext): Promise<void> {
      if (deps.required) throw forbidden(SECOND_FACTOR_MESSAGES.requiredCannotRemove);
      await assertPassword(db, context.actor.id, password);
      await db.transaction(async (tx) => {
        await deleteTotp(tx, context.actor.id);
        await replaceRecoveryCodes(tx, context.actor.id, []);
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
      if (!(await hasConfirmedTotp(db, context.actor.id))) throw conflict(SECOND_FACTOR_MESSAGES.notStarted);
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
