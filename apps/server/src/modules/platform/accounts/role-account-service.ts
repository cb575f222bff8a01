import type { AccountInvitation, InvitedAccountAnswer } from '@school-transport/shared';
import type { Database, Executor } from '../../../db/client.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import type { Clock } from '../../../lib/clock.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { revokeUserSessions } from '../auth/index.js';
import { translatorOf } from '../i18n/index.js';
import { mails } from '../mail/index.js';
import { lockUser, updateUser } from '../users/index.js';
import type { InvitationSender } from './invitations.js';
import { accountStateOf, findRoleAccount, type AccountRole } from './role-account-queries.js';

/** What differs between the accounts of drivers and of parents: who they are, and the app each one opens. */
const ROLES: Record<
  AccountRole,
  {
    /** 'driver': in messages and in the audit actions (`driver.invited`). */
    noun: string;
    /** The app's page in the web: where its sign-in is, and what the invitation link leads to (`&app=`). */
    app: AccountRole;
    /** The app's name in the office's messages; the invitee reads it in their language (`app.<app>.title`). */
    title: string;
    /**
     * Whether the invitation's audit entry goes on the record (no personal value kept) rather than on the user
     * (with the e-mail, as drivers' always have).
     */
    auditOnRecord: boolean;
  }
> = {
  driver: {
    noun: 'driver',
    app: 'driver',
    title: 'driver app',
    auditOnRecord: false,
  },
  parent: {
    noun: 'parent',
    app: 'parent',
    title: 'parent portal',
    auditOnRecord: true,
  },
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export interface RoleAccountServiceDeps {
  db: Database;
  clock: Clock;
  sendInvitation: InvitationSender;
  publicUrl: string;
}

async function accountOf(executor: Executor, role: AccountRole, recordId: string) {
  const account = await findRoleAccount(executor, role, recordId);
  if (!account) throw notFound(`${capitalised(ROLES[role].noun)} not found.`);
  return account;
}

/** The app's name in messages: 'the driver app'. */
export const appOf = (role: AccountRole) => `the ${ROLES[role].title}`;

/**
 * Mails the person a link to choose a password; sending again replaces the earlier link. One who has a password
 * already signs in with it (and can ask for a reset link), so inviting them again is refused.
 */
export async function inviteToApp(
  { db, sendInvitation, publicUrl }: RoleAccountServiceDeps,
  role: AccountRole,
  recordId: string,
  context: ChangeContext,
): Promise<AccountInvitation> {
  const { noun, app, auditOnRecord } = ROLES[role];
  const found = await accountOf(db, role, recordId);
  const sent = await sendInvitation(found.id, context, {
    action: `${noun}.invited`,
    app,
    ...(auditOnRecord && { auditAs: { entityType: role, entityId: recordId } }),
    async check(tx) {
      // Read again under the lock: the person may have accepted an earlier invitation meanwhile.
      const account = await accountOf(tx, role, recordId);
      if (account.disabledAt)
        throw conflict(`This ${noun}’s account is disabled; it cannot be sent an invitation.`);
      if (account.accountHasPassword)
        throw conflict(
          `This ${noun} already has an account: they sign in with their own password, and can ask for a reset link if they forgot it.`,
        );
      return account;
    },
    mail: (invitee, url) =>
      mails.appInvitation(
        invitee.email,
        invitee.name,
        url,
        { app, signInUrl: `${publicUrl.replace(/\/$/, '')}/${app}` },
        translatorOf(invitee),
      ),
  });
  return {
    email: sent.invitee.email,
    sentAt: sent.sentAt.toISOString(),
    expiresAt: sent.expiresAt.toISOString(),
  };
}

/**
 * Disabling ends the account's sessions at once (a disabled account's session is refused anyway; revoking
 * them means enabling it again does not bring them back), and it cannot sign in, ask for a reset link or use
 * one. The record stays as it is: a parent's children, a driver's route assignment (the driver cannot start
 * its trips, having no session; the office gives the route another driver if it is to run). Enabling gives
 * back the state the account had: active with a password, invited while an invitation is open, none else.
 */
export async function setAccountDisabled(
  { db, clock }: RoleAccountServiceDeps,
  role: AccountRole,
  recordId: string,
  disabled: boolean,
  context: ChangeContext,
): Promise<InvitedAccountAnswer> {
  const { noun } = ROLES[role];
  return db.transaction(async (tx) => {
    const { id: userId } = await accountOf(tx, role, recordId);
    await lockUser(tx, userId);
    const account = await accountOf(tx, role, recordId);
    const now = clock();
    if ((account.disabledAt !== null) !== disabled) {
      await updateUser(tx, userId, { disabledAt: disabled ? now : null, updatedAt: now });
      if (disabled) await revokeUserSessions(tx, userId, now);
      await recordAudit(tx, {
        ...context,
        action: `${noun}.account_${disabled ? 'disabled' : 'enabled'}`,
        entityType: noun,
        entityId: recordId,
        details: { userId },
      });
    }
    return { account: accountStateOf(await accountOf(tx, role, recordId), now) };
  });
}

/**
 * The accounts of the people the office keeps records of, drivers and parents: the office invites them to their
 * app (they then choose a password), and disables or enables the account. Their name and e-mail stay the office's
 * records of them, changed on the record.
 */
export function createRoleAccountService(deps: RoleAccountServiceDeps) {
  return {
    appOf,
    invite: inviteToApp.bind(null, deps),
    setDisabled: setAccountDisabled.bind(null, deps),
  };
}
export type RoleAccountService = ReturnType<typeof createRoleAccountService>;
