import type { ListQuery, ListSort, StaffUser } from '@school-transport/shared';
import type { Database, Executor } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import { rethrowConflict } from '../../../lib/db-errors.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { revokeUserSessions } from '../auth/index.js';
import { mails } from '../mail/index.js';
import { countActiveAdmins, EMAIL_TAKEN, updateUser, type UserRow } from '../users/index.js';
import { createInvitationSender, type InvitationDeps, type InvitationSender } from './invitations.js';
import { findAdmin, insertAdmin, listAdmins, lockEnabledAdmins } from './staff-queries.js';

const statusOf = (user: UserRow): StaffUser['status'] =>
  user.disabledAt ? 'disabled' : user.passwordHash ? 'active' : 'invited';

const toStaffUser = (user: UserRow): StaffUser => ({
  id: user.id,
  name: user.name,
  email: user.email,
  status: statusOf(user),
  lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
  createdAt: user.createdAt.toISOString(),
});

/** What the staff operations work with: the invitation sender made from the factory's deps. */
interface StaffDeps {
  db: Database;
  clock: Clock;
  sendInvitation: InvitationSender;
}

async function lockAdmin(tx: Executor, id: string) {
  const user = await findAdmin(tx, id, true);
  if (!user) throw notFound('Administrator not found.');
  return user;
}

async function inviteAdmin(
  { sendInvitation }: StaffDeps,
  user: UserRow,
  context: ChangeContext,
  action: string,
): Promise<void> {
  await sendInvitation(user.id, context, {
    action,
    check: async () => user,
    mail: (invitee, url) => mails.invitation(invitee.email, invitee.name, context.actor.email, url),
  });
}

export async function listStaff({ db }: StaffDeps, query: ListQuery & ListSort) {
  const { rows, total } = await listAdmins(db, query);
  return { rows: rows.map(toStaffUser), total };
}

/** A new admin account without a password; the mailed link (72 h) leads to choosing one. */
export async function inviteStaff(
  deps: StaffDeps,
  input: { name: string; email: string },
  context: ChangeContext,
): Promise<StaffUser> {
  const user = await insertAdmin(deps.db, input).catch((error: unknown) =>
    rethrowConflict(error, EMAIL_TAKEN),
  );
  await inviteAdmin(deps, user, context, 'user.invited');
  return toStaffUser(user);
}

export async function resendStaffInvitation(
  deps: StaffDeps,
  id: string,
  context: ChangeContext,
): Promise<void> {
  const user = await findAdmin(deps.db, id);
  if (!user) throw notFound('Administrator not found.');
  if (statusOf(user) !== 'invited') throw conflict('This administrator has already accepted the invitation.');
  await inviteAdmin(deps, user, context, 'user.invitation_resent');
}

/** Ends the account's sessions at once. Nobody disables themselves or the last active admin. */
export async function disableStaff(
  { db, clock }: StaffDeps,
  id: string,
  context: ChangeContext,
): Promise<StaffUser> {
  if (id === context.actor.id) throw conflict('You cannot disable your own account.');
  return db.transaction(async (tx) => {
    const user = await lockAdmin(tx, id);
    if (user.disabledAt) return toStaffUser(user);
    // Serialise disables: two admins disabling each other at once must not leave none.
    await lockEnabledAdmins(tx);
    if (user.passwordHash && (await countActiveAdmins(tx)) <= 1)
      throw conflict('The last active administrator cannot be disabled.');
    const now = clock();
    const updated = await updateUser(tx, id, { disabledAt: now, updatedAt: now });
    await revokeUserSessions(tx, id, now);
    await recordAudit(tx, {
      ...context,
      action: 'user.disabled',
      entityType: 'user',
      entityId: id,
      details: { email: user.email },
    });
    return toStaffUser(updated!);
  });
}

export async function enableStaff(
  { db, clock }: StaffDeps,
  id: string,
  context: ChangeContext,
): Promise<StaffUser> {
  return db.transaction(async (tx) => {
    await lockAdmin(tx, id);
    const updated = await updateUser(tx, id, { disabledAt: null, updatedAt: clock() });
    await recordAudit(tx, {
      ...context,
      action: 'user.enabled',
      entityType: 'user',
      entityId: id,
      details: { email: updated!.email },
    });
    return toStaffUser(updated!);
  });
}

/** Administrators managing each other: invitations, resending them, disabling and re-enabling accounts. */
export function createStaffService(deps: InvitationDeps) {
  const staff: StaffDeps = { db: deps.db, clock: deps.clock, sendInvitation: createInvitationSender(deps) };
  return {
    list: listStaff.bind(null, staff),
    invite: inviteStaff.bind(null, staff),
    resendInvitation: resendStaffInvitation.bind(null, staff),
    disable: disableStaff.bind(null, staff),
    enable: enableStaff.bind(null, staff),
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
