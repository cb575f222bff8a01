import {
  ROLE_LABELS,
  type ListQuery,
  type ListSort,
  type StaffRole,
  type StaffUser,
} from '@school-transport/shared';
import type { Database, Executor } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import { rethrowConflict } from '../../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { revokeUserSessions } from '../auth/index.js';
import { mails } from '../mail/index.js';
import { countActiveAdmins, EMAIL_TAKEN, updateUser, type UserRow } from '../users/index.js';
import { createInvitationSender, type InvitationDeps, type InvitationSender } from './invitations.js';
import {
  countSchools,
  findStaffUser,
  insertStaffUser,
  listStaffUsers,
  lockEnabledAdmins,
  replaceStaffSchools,
  schoolsOfStaff,
} from './staff-queries.js';

const statusOf = (user: UserRow): StaffUser['status'] =>
  user.disabledAt ? 'disabled' : user.passwordHash ? 'active' : 'invited';

type School = { id: string; name: string };

const toStaffUser = (user: UserRow, schools: School[] = []): StaffUser => ({
  id: user.id,
  name: user.name,
  email: user.email,
  status: statusOf(user),
  role: user.role as StaffRole,
  schools,
  lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
  createdAt: user.createdAt.toISOString(),
});

/** What the staff operations work with: the invitation sender made from the factory's deps. */
interface StaffDeps {
  db: Database;
  clock: Clock;
  sendInvitation: InvitationSender;
}

async function lockStaffUser(tx: Executor, id: string) {
  const user = await findStaffUser(tx, id, true);
  if (!user) throw notFound('Staff user not found.');
  return user;
}

/** One user as the staff list shows them, with their schools. */
async function staffUserOf(db: Executor, user: UserRow): Promise<StaffUser> {
  return toStaffUser(user, (await schoolsOfStaff(db, [user.id])).get(user.id));
}

/** Refuses school ids that name no school (the form offers only schools; one may have been deleted since). */
async function assertSchoolsExist(db: Executor, schoolIds: string[]): Promise<void> {
  if ((await countSchools(db, schoolIds)) !== new Set(schoolIds).size) {
    const message = 'One of the chosen schools no longer exists. Reload and choose again.';
    throw badRequest(message, [{ field: 'schoolIds', message }]);
  }
}

/**
 * Refuses to leave no administrator who can sign in: serialised on every enabled administrator's row, so two
 * administrators demoting or disabling each other at once cannot both pass.
 */
async function assertNotLastAdmin(tx: Executor, user: UserRow, refusal: string): Promise<void> {
  if (user.role !== 'admin' || !user.passwordHash || user.disabledAt) return;
  await lockEnabledAdmins(tx);
  if ((await countActiveAdmins(tx)) <= 1) throw conflict(refusal);
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
  const { rows, total } = await listStaffUsers(db, query);
  const schools = await schoolsOfStaff(
    db,
    rows.filter((row) => row.role === 'school_staff').map((row) => row.id),
  );
  return { rows: rows.map((row) => toStaffUser(row, schools.get(row.id))), total };
}

interface StaffRoleChoice {
  role: StaffRole;
  schoolIds: string[];
}

/**
 * A new staff account with its role (and a school-staff user's schools), without a password; the mailed link
 * (72 h) leads to choosing one. The account and its schools are one transaction; the invitation's own (its
 * token and audit entry) follows.
 */
export async function inviteStaff(
  deps: StaffDeps,
  input: { name: string; email: string } & StaffRoleChoice,
  context: ChangeContext,
): Promise<StaffUser> {
  const user = await deps.db
    .transaction(async (tx) => {
      await assertSchoolsExist(tx, input.schoolIds);
      const created = await insertStaffUser(tx, input);
      await replaceStaffSchools(tx, created.id, input.schoolIds);
      return created;
    })
    .catch((error: unknown) => rethrowConflict(error, EMAIL_TAKEN));
  await inviteAdmin(deps, user, context, 'user.invited');
  return staffUserOf(deps.db, user);
}

/**
 * A staff user's role and schools changed, audited. Their sessions end in the same transaction (so their next
 * request signs in again and meets their new menu), and with them their live streams: the session and role
 * triggers tell every process (decision 051). The last administrator who can sign in keeps their role.
 */
export async function changeStaffRole(
  { db, clock }: StaffDeps,
  id: string,
  input: StaffRoleChoice,
  context: ChangeContext,
): Promise<StaffUser> {
  return db.transaction(async (tx) => {
    const user = await lockStaffUser(tx, id);
    const before = (await schoolsOfStaff(tx, [id])).get(id) ?? [];
    const sameSchools =
      before.length === input.schoolIds.length &&
      before.every((school) => input.schoolIds.includes(school.id));
    if (user.role === input.role && sameSchools) return toStaffUser(user, before);
    if (input.role !== 'admin')
      await assertNotLastAdmin(
        tx,
        user,
        `${user.name} is the last administrator who can sign in: make someone else an administrator first, then change this role.`,
      );
    await assertSchoolsExist(tx, input.schoolIds);
    const now = clock();
    const updated = await updateUser(tx, id, { role: input.role, updatedAt: now });
    await replaceStaffSchools(tx, id, input.schoolIds);
    await revokeUserSessions(tx, id, now);
    await recordAudit(tx, {
      ...context,
      action: 'user.role_changed',
      entityType: 'user',
      entityId: id,
      details: {
        email: user.email,
        from: user.role,
        to: input.role,
        ...(before.length > 0 && { fromSchools: before.map((school) => school.id) }),
        ...(input.schoolIds.length > 0 && { toSchools: input.schoolIds }),
      },
    });
    return staffUserOf(tx, updated!);
  });
}

/** Why a provider's role was not given at a sign-in: the staff screen's own rules, which a claim cannot skip. */
export type ProviderRoleKept = 'last-admin' | 'no-schools';

/**
 * The role a single sign-on provider's claim gives (decisions 070, 077), in the sign-in's transaction. Kept as it
 * is where the staff screen would refuse the change: the last administrator who can sign in stays one (a directory
 * group edited by mistake must not lock the office out), and nobody becomes school staff without a school (the
 * schools are linked on the staff screen, a claim does not name them). Any other role leaves no school links
 * behind. The caller audits either answer; the session it opens reads the new role.
 */
export async function roleFromProvider(
  tx: Executor,
  user: UserRow,
  role: StaffRole,
  now: Date,
): Promise<{ changed: boolean; kept?: ProviderRoleKept }> {
  if (user.role === role) return { changed: false };
  if (user.role === 'admin' && !user.disabledAt) {
    await lockEnabledAdmins(tx);
    // countActiveAdmins counts those with a password; this one may sign in only through the provider.
    const others = (await countActiveAdmins(tx)) - (user.passwordHash ? 1 : 0);
    if (others < 1) return { changed: false, kept: 'last-admin' };
  }
  if (role === 'school_staff' && !(await schoolsOfStaff(tx, [user.id])).get(user.id)?.length)
    return { changed: false, kept: 'no-schools' };
  await updateUser(tx, user.id, { role, updatedAt: now });
  if (role !== 'school_staff') await replaceStaffSchools(tx, user.id, []);
  return { changed: true };
}

/** What the answer of a role change says, in words. */
export const roleChangedMessage = (user: StaffUser) =>
  `${user.name} is now ${ROLE_LABELS[user.role].toLowerCase()}; their sessions have ended.`;

export async function resendStaffInvitation(
  deps: StaffDeps,
  id: string,
  context: ChangeContext,
): Promise<void> {
  const user = await findStaffUser(deps.db, id);
  if (!user) throw notFound('Staff user not found.');
  if (statusOf(user) !== 'invited') throw conflict('This person has already accepted the invitation.');
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
    const user = await lockStaffUser(tx, id);
    if (user.disabledAt) return staffUserOf(tx, user);
    await assertNotLastAdmin(tx, user, 'The last active administrator cannot be disabled.');
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
    return staffUserOf(tx, updated!);
  });
}

export async function enableStaff(
  { db, clock }: StaffDeps,
  id: string,
  context: ChangeContext,
): Promise<StaffUser> {
  return db.transaction(async (tx) => {
    await lockStaffUser(tx, id);
    const updated = await updateUser(tx, id, { disabledAt: null, updatedAt: clock() });
    await recordAudit(tx, {
      ...context,
      action: 'user.enabled',
      entityType: 'user',
      entityId: id,
      details: { email: updated!.email },
    });
    return staffUserOf(tx, updated!);
  });
}

/** Administrators managing the staff: invitations, resending them, disabling and re-enabling accounts. */
export function createStaffService(deps: InvitationDeps) {
  const staff: StaffDeps = { db: deps.db, clock: deps.clock, sendInvitation: createInvitationSender(deps) };
  return {
    list: listStaff.bind(null, staff),
    invite: inviteStaff.bind(null, staff),
    resendInvitation: resendStaffInvitation.bind(null, staff),
    disable: disableStaff.bind(null, staff),
    enable: enableStaff.bind(null, staff),
    changeRole: changeStaffRole.bind(null, staff),
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
