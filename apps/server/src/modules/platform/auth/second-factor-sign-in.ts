import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { isStaffRole } from '@school-transport/shared';
import {
  SECOND_FACTOR_MESSAGES,
  type SecondFactorSignInInput,
  type SecondFactorStep,
  type TotpEnrolment,
} from '@school-transport/shared';
import { conflict, forbidden, tooManyRequests, unauthorized } from '../../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { findUserById, type UserRow } from '../users/index.js';
import { recordFailedLogin } from './login-failure-queries.js';
import {
  findUserPasskey,
  hasPasskey,
  listPasskeys,
  putWebauthnChallenge,
  takePasskeyUse,
  takeWebauthnChallenge,
} from './passkey-queries.js';
import { authenticationOptions, verifiedAssertion } from './passkeys.js';
import { recoveryCodeHash } from './second-factor-crypto.js';
import {
  CHALLENGE_MAX_FAILURES,
  CHALLENGE_MS,
  type Client,
  confirmTotp,
  passkeyRegistration,
  pendingStep,
  type SecondFactorDeps,
  sessionUserOf,
  startTotpEnrolment,
  storePasskey,
  verifiedNewPasskey,
} from './second-factor-enrolment.js';
import {
  deleteChallenge,
  failChallenge,
  findChallenge,
  findTotpFactor,
  hasConfirmedTotp,
  insertChallenge,
  takeRecoveryCode,
  takeTotpStep,
  unusedRecoveryCodeCount,
} from './second-factor-queries.js';
import { openSignedInSession } from './sign-in.js';
import { hashToken, newToken } from './tokens.js';
import { matchingStep } from './totp.js';

/**
 * The step after a right password, for administrators: a code from the app, a recovery code or a passkey, or
 * enrolling a first factor when the operator requires one. Each step is held by a pending token (CHALLENGE_MS);
 * its wrong answers count against the address like wrong passwords, and against the step.
 */

/** The pending step of this token with its user, or a refusal: run out, locked out, or disabled meanwhile. */
async function openStep({ db, refusal }: SecondFactorDeps, pendingToken: string, client: Client, now: Date) {
  const challenge = await findChallenge(db, hashToken(pendingToken), now);
  const user = challenge && (await findUserById(db, challenge.userId));
  if (!challenge || !user) throw unauthorized(SECOND_FACTOR_MESSAGES.stepExpired);
  const refused = await refusal(user.email.toLowerCase(), client.ip, now);
  if (refused) throw tooManyRequests(refused);
  if (user.disabledAt) throw forbidden(SECOND_FACTOR_MESSAGES.stepExpired);
  return { challenge, user };
}

/** A wrong code: counted against the address like a wrong password, and against the step. */
async function wrongCode(
  { db }: SecondFactorDeps,
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
  deps: SecondFactorDeps,
  challenge: { id: string },
  user: UserRow,
  assertion: AuthenticationResponseJSON,
  client: Client,
  now: Date,
) {
  const { db, lifetimes } = deps;
  const refused = () =>
    wrongCode(deps, challenge.id, user, client, now, SECOND_FACTOR_MESSAGES.passkeyRefused);
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

/**
 * The step after a right password, or null when the session may open at once: administrators with a
 * confirmed factor type a code; with none, when the operator requires one, they enrol first.
 */
export async function stepAfterPassword(
  { db, clock, required }: SecondFactorDeps,
  user: UserRow,
): Promise<SecondFactorStep | null> {
  // Every back-office account (decision 069): a viewer reads all that an administrator reads.
  if (!isStaffRole(user.role)) return null;
  const totp = await hasConfirmedTotp(db, user.id);
  const passkey = await hasPasskey(db, user.id);
  const next = totp || passkey ? 'code' : required ? 'enrol' : null;
  if (!next) return null;
  const pendingToken = newToken();
  await insertChallenge(db, {
    userId: user.id,
    tokenHash: hashToken(pendingToken),
    expiresAt: new Date(clock().getTime() + CHALLENGE_MS),
  });
  return { pendingToken, next, totp, passkey };
}

/**
 * The second step: a code from the app (each step's code once), an unused recovery code, or a passkey's
 * assertion, then a session.
 */
export async function completeSignIn(deps: SecondFactorDeps, input: SecondFactorSignInInput, client: Client) {
  const { db, clock, box, lifetimes } = deps;
  const now = clock();
  const { challenge, user } = await openStep(deps, input.pendingToken, client, now);
  if ('passkey' in input) {
    return passkeySignIn(deps, challenge, user, input.passkey as AuthenticationResponseJSON, client, now);
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
    if (!(await deleteChallenge(tx, challenge.id))) throw unauthorized(SECOND_FACTOR_MESSAGES.stepExpired);
    return openSignedInSession(tx, sessionUser, client, now, lifetimes, method);
  });
  if (token === null) return wrongCode(deps, challenge.id, user, client, now);
  return { token, user: sessionUser };
}

/** The browser's options for a passkey at this sign-in step, with a new challenge kept for the step. */
export async function passkeyOptionsAtSignIn(deps: SecondFactorDeps, pendingToken: string, client: Client) {
  const { db } = deps;
  const { challenge, user } = await openStep(deps, pendingToken, client, deps.clock());
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
}

/** Enrolment at sign-in, when the operator requires a factor and the account has none. */
export async function startEnrolmentAtSignIn(
  deps: SecondFactorDeps,
  pendingToken: string,
  client: Client,
): Promise<TotpEnrolment> {
  const { user } = await openStep(deps, pendingToken, client, deps.clock());
  return startTotpEnrolment(deps, user);
}

export async function confirmEnrolmentAtSignIn(
  deps: SecondFactorDeps,
  pendingToken: string,
  code: string,
  client: Client,
) {
  const { db, clock, lifetimes } = deps;
  const now = clock();
  const { challenge, user } = await openStep(deps, pendingToken, client, now);
  const step = await pendingStep(deps, user.id, code, now);
  if (step === null) return wrongCode(deps, challenge.id, user, client, now);
  const sessionUser = sessionUserOf(user);
  return db.transaction(async (tx) => {
    const recoveryCodes = await confirmTotp(tx, sessionUser, step, now, client.ip);
    if (!(await deleteChallenge(tx, challenge.id))) throw unauthorized(SECOND_FACTOR_MESSAGES.stepExpired);
    const token = await openSignedInSession(tx, sessionUser, client, now, lifetimes, 'totp');
    return { token, user: sessionUser, recoveryCodes };
  });
}

/** Enrolment of a passkey at sign-in (the operator requires a factor): the browser's options for the step. */
export async function passkeyRegistrationAtSignIn(
  deps: SecondFactorDeps,
  pendingToken: string,
  client: Client,
) {
  const { challenge, user } = await openStep(deps, pendingToken, client, deps.clock());
  return passkeyRegistration(deps, user.id, challenge.id, challenge.expiresAt);
}

/** The new passkey at sign-in, then the session and the first recovery codes; a refusal counts as a wrong code. */
export async function confirmPasskeyAtSignIn(
  deps: SecondFactorDeps,
  pendingToken: string,
  label: string,
  credential: RegistrationResponseJSON,
  client: Client,
) {
  const { db, clock, lifetimes } = deps;
  const now = clock();
  const { challenge, user } = await openStep(deps, pendingToken, client, now);
  const verified = await verifiedNewPasskey(deps, user.id, challenge.id, credential, now);
  if (!verified || verified === 'refused') {
    return wrongCode(deps, challenge.id, user, client, now, SECOND_FACTOR_MESSAGES.passkeyRefused);
  }
  const sessionUser = sessionUserOf(user);
  return db.transaction(async (tx) => {
    const recoveryCodes = await storePasskey(tx, sessionUser, label, verified, now, client.ip);
    if (!(await deleteChallenge(tx, challenge.id))) throw unauthorized(SECOND_FACTOR_MESSAGES.stepExpired);
    const token = await openSignedInSession(tx, sessionUser, client, now, lifetimes, 'passkey', {
      passkey: label,
    });
    return { token, user: sessionUser, recoveryCodes };
  });
}
