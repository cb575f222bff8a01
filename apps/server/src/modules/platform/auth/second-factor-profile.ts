import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  SECOND_FACTOR_MESSAGES,
  type Passkey,
  type SecondFactorStatus,
  type TotpEnrolment,
} from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { checkPassword, findUserById } from '../users/index.js';
import { deletePasskey, hasPasskey, listPasskeys } from './passkey-queries.js';
import {
  CHALLENGE_MS,
  confirmTotp,
  newRecoveryCodes,
  passkeyRegistration,
  pendingStep,
  type SecondFactorDeps,
  startTotpEnrolment,
  storePasskey,
  verifiedNewPasskey,
} from './second-factor-enrolment.js';
import {
  deleteTotp,
  hasConfirmedTotp,
  replaceRecoveryCodes,
  unusedRecoveryCodeCount,
} from './second-factor-queries.js';

/**
 * A signed-in administrator's own second factors, from their profile: what they have, adding an authenticator
 * app or a passkey, removing one, new recovery codes. Removing anything asks for the password.
 */

const WRONG_PASSWORD = 'The current password is not right.';

async function assertPassword(db: Executor, userId: string, password: string): Promise<void> {
  const user = await findUserById(db, userId);
  if (!(await checkPassword(user?.passwordHash, password))) {
    throw badRequest(WRONG_PASSWORD, [{ field: 'password', message: WRONG_PASSWORD }]);
  }
}

/** Whether removing one factor of the user's would leave none while the operator requires one. */
async function lastRequiredFactor(
  { required }: SecondFactorDeps,
  tx: Executor,
  userId: string,
  removing: 'totp' | 'passkey',
) {
  if (!required) return false;
  const totp = removing === 'totp' ? false : await hasConfirmedTotp(tx, userId);
  const passkeys = (await listPasskeys(tx, userId)).length - (removing === 'passkey' ? 1 : 0);
  return !totp && passkeys <= 0;
}

export async function secondFactorStatus(
  { db, required }: SecondFactorDeps,
  userId: string,
): Promise<SecondFactorStatus> {
  return {
    totp: await hasConfirmedTotp(db, userId),
    passkeys: (await listPasskeys(db, userId)).map((key): Passkey => ({
      id: key.id,
      label: key.label,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    })),
    recoveryCodesLeft: await unusedRecoveryCodeCount(db, userId),
    required,
  };
}

/** A signed-in admin starts enrolment: a new secret, unconfirmed until a code from the app is typed. */
export const startOwnEnrolment = (deps: SecondFactorDeps, context: ChangeContext): Promise<TotpEnrolment> =>
  startTotpEnrolment(deps, context.actor);

export async function confirmOwnEnrolment(
  deps: SecondFactorDeps,
  code: string,
  context: ChangeContext,
): Promise<string[]> {
  const now = deps.clock();
  const step = await pendingStep(deps, context.actor.id, code, now);
  // 400, not 401: the admin is signed in, and a 401 would read as signed out.
  if (step === null) {
    throw badRequest(SECOND_FACTOR_MESSAGES.wrongCode, [
      { field: 'code', message: SECOND_FACTOR_MESSAGES.wrongCode },
    ]);
  }
  return deps.db.transaction((tx) => confirmTotp(tx, context.actor, step, now, context.ip));
}

/** A signed-in admin starts adding a passkey: the browser's options, with a challenge kept five minutes. */
export const startOwnPasskeyRegistration = (deps: SecondFactorDeps, context: ChangeContext) =>
  passkeyRegistration(deps, context.actor.id, null, new Date(deps.clock().getTime() + CHALLENGE_MS));

/**
 * The browser's new credential for the registration's challenge (taken, right or wrong), named `label`. An
 * account without unused recovery codes (a first factor that is a passkey) gets new ones, answered once.
 */
export async function addOwnPasskey(
  deps: SecondFactorDeps,
  label: string,
  credential: RegistrationResponseJSON,
  context: ChangeContext,
): Promise<string[]> {
  const now = deps.clock();
  const verified = await verifiedNewPasskey(deps, context.actor.id, null, credential, now);
  if (!verified) throw conflict(SECOND_FACTOR_MESSAGES.passkeyNotStarted);
  if (verified === 'refused') throw badRequest(SECOND_FACTOR_MESSAGES.passkeyRefused);
  return deps.db.transaction((tx) => storePasskey(tx, context.actor, label, verified, now, context.ip));
}

/** Removing a passkey asks for the password; the last factor stays while the operator requires one. */
export async function removeOwnPasskey(
  deps: SecondFactorDeps,
  id: string,
  password: string,
  context: ChangeContext,
): Promise<void> {
  const { db } = deps;
  await assertPassword(db, context.actor.id, password);
  await db.transaction(async (tx) => {
    if (await lastRequiredFactor(deps, tx, context.actor.id, 'passkey')) {
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
}

/** Removing the factor asks for the password; refused while the operator requires one and it is the last. */
export async function removeOwnTotp(
  deps: SecondFactorDeps,
  password: string,
  context: ChangeContext,
): Promise<void> {
  const { db } = deps;
  if (await lastRequiredFactor(deps, db, context.actor.id, 'totp')) {
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
}

/** New recovery codes replace all the old ones; asks for the password. */
export async function renewRecoveryCodes(
  { db }: SecondFactorDeps,
  password: string,
  context: ChangeContext,
): Promise<string[]> {
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
}
