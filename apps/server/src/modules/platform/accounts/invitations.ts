import type { Database, Executor } from '../../../db/client.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import type { Clock } from '../../../lib/clock.js';
import { recordAudit } from '../audit/index.js';
import type { Mail, Mailer } from '../mail/index.js';
import { lockUser } from '../users/index.js';
import { issueLinkToken, LINK_LIFETIME_MS } from './account-tokens.js';

/** Whom an invitation goes to. */
export interface Invitee {
  id: string;
  name: string;
  email: string;
}

export interface SentInvitation<I extends Invitee = Invitee> {
  invitee: I;
  sentAt: Date;
  expiresAt: Date;
}

/** `I`: what `check` reads of the invitee and `mail` needs (a driver's language, say). */
export interface InvitationRequest<I extends Invitee = Invitee> {
  /** The audit action: 'user.invited', 'driver.invited' … */
  action: string;
  /** Runs with the account's row locked: answers the invitee, or throws why no invitation may go out. */
  check(tx: Executor): Promise<I>;
  mail(invitee: I, url: string): Mail;
  /** Which app the link's page sends the person to once their password is chosen (the back-office if none). */
  app?: 'driver' | 'parent';
  /**
   * The record the audit entry is about, when it is not the account itself: a parent's invitation is entered on
   * the parent's record, whose entries keep no personal value (docs/decisions/020), so not with the e-mail.
   */
  auditAs?: { entityType: 'driver' | 'parent'; entityId: string };
}

/**
 * Invitations to staff and drivers alike: a link (72 h) to the web's set-password screen, issued and audited in one
 * transaction that holds the account's row, so two invitations sent at once leave one working link, and a check
 * made in it (the account has no password yet) still holds when the link is issued. The mail goes after commit.
 */
/** What sending invitations needs; also all the staff service needs. */
export interface InvitationDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
}

export function createInvitationSender({ db, clock, mailer, publicUrl }: InvitationDeps) {
  const linkOf = (token: string, app: InvitationRequest['app']) =>
    `${publicUrl.replace(/\/$/, '')}/reset-password?token=${token}${app ? `&app=${app}` : ''}`;

  return async function sendInvitation<I extends Invitee>(
    userId: string,
    context: ChangeContext,
    request: InvitationRequest<I>,
  ): Promise<SentInvitation<I>> {
    const sentAt = clock();
    const { invitee, token } = await db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const checked = await request.check(tx);
      const issued = await issueLinkToken(tx, userId, 'invitation', sentAt);
      await recordAudit(tx, {
        ...context,
        action: request.action,
        ...(request.auditAs
          ? { ...request.auditAs, details: { userId } }
          : { entityType: 'user', entityId: userId, details: { email: checked.email } }),
      });
      return { invitee: checked, token: issued };
    });
    await mailer.send(request.mail(invitee, linkOf(token, request.app)));
    return { invitee, sentAt, expiresAt: new Date(sentAt.getTime() + LINK_LIFETIME_MS.invitation) };
  };
}
export type InvitationSender = ReturnType<typeof createInvitationSender>;
