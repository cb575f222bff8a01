import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_MESSAGES,
  type SessionUser,
  type TotpEnrolment,
} from '@school-transport/shared';
import type { Database, Executor } from '../../../db/client.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import type { Clock } from '../../../lib/clock.js';
import { conflict, unauthorized } from '../../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { findUserById, type UserRow } from '../users/index.js';
import {
  insertPasskey,
  listPasskeys,
  putWebauthnChallenge,
  takeWebauthnChallenge,
} from './passkey-queries.js';
import {
  registrationOptions,
  verifiedRegistration,
  type RelyingParty,
  type StoredPasskey,
} from './passkeys.js';
import { newRecoveryCode, recoveryCodeHash, type SecretBox } from './second-factor-crypto.js';
import {
  findTotpFactor,
  hasConfirmedTotp,
  putPendingTotp,
  replaceRecoveryCodes,
  takeTotpStep,
  unusedRecoveryCodeCount,
} from './second-factor-queries.js';
import type { SessionLifetimes } from './sessions.js';
import { base32Encode, matchingStep, newTotpSecret, otpauthUri } from './totp.js';

/**
 * Enrolling a second factor, whether at sign-in (second-factor-sign-in.ts) or from the profile
 * (second-factor-profile.ts): an authenticator app's secret and its confirmation, a passkey's registration, and
 * the recovery codes that come with the first factor.
 */

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

/** Who is signing in, as the session they open will record it. */
export interface Client {
  ip: string;
  userAgent?: string;
  /** The request's Accept-Language: the account's languages until it chooses one (decision 053). */
  acceptLanguage?: string;
}

export const sessionUserOf = (user: UserRow): SessionUser => ({
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  language: user.language,
});

export async function newRecoveryCodes(tx: Executor, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await replaceRecoveryCodes(tx, userId, codes.map(recoveryCodeHash));
  return codes;
}

export async function startTotpEnrolment(
  { db, clock, box, issuer }: SecondFactorDeps,
  user: { id: string; email: string },
): Promise<TotpEnrolment> {
  if (await hasConfirmedTotp(db, user.id)) throw conflict(SECOND_FACTOR_MESSAGES.alreadyEnrolled);
  const secret = newTotpSecret();
  await putPendingTotp(db, user.id, box.seal(secret), clock());
  return { secret: base32Encode(secret), otpauthUri: otpauthUri(secret, issuer, user.email) };
}

/** The unconfirmed factor's step that `code` is, or null. */
export async function pendingStep(
  { db, box }: SecondFactorDeps,
  userId: string,
  code: string,
  now: Date,
): Promise<number | null> {
  const factor = await findTotpFactor(db, userId);
  if (!factor || factor.confirmedAt) throw conflict(SECOND_FACTOR_MESSAGES.notStarted);
  return matchingStep(box.open(factor.encryptedSecret), code, now);
}

/** Confirms the factor with `step` and makes the first recovery codes, in the caller's transaction. */
export async function confirmTotp(
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

/** Registration options for the user, with its challenge kept for the profile (null) or a sign-in step. */
export async function passkeyRegistration(
  { db, rp }: SecondFactorDeps,
  userId: string,
  signInChallengeId: string | null,
  expiresAt: Date,
) {
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized(SECOND_FACTOR_MESSAGES.stepExpired);
  const options = await registrationOptions(rp, user, await listPasskeys(db, user.id));
  await putWebauthnChallenge(db, { userId, signInChallengeId, challenge: options.challenge, expiresAt });
  return options;
}

/** Takes the registration's challenge (used once, right or wrong): the new key, 'refused', or null (no challenge). */
export async function verifiedNewPasskey(
  { db, rp }: SecondFactorDeps,
  userId: string,
  signInChallengeId: string | null,
  credential: RegistrationResponseJSON,
  now: Date,
) {
  const expected = await takeWebauthnChallenge(db, userId, signInChallengeId, now);
  if (!expected) return null;
  return (await verifiedRegistration(rp, credential, expected)) ?? ('refused' as const);
}

/** Stores a verified passkey, audited; the first recovery codes when the account has none unused. */
export async function storePasskey(
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
