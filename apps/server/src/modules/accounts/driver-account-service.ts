import type { DriverInvitation } from '@school-transport/shared';
import type { Database } from '../../db/client.js';
import type { ChangeContext } from '../../lib/change-context.js';
import { conflict, notFound } from '../../lib/errors.js';
import { mails } from '../mail/templates.js';
import { findDriverAccount } from './driver-account-queries.js';
import type { InvitationSender } from './invitations.js';

/** Drivers' accounts for the driver app: the office invites a driver, who then chooses a password. */
export function createDriverAccountService({
  db,
  sendInvitation,
  publicUrl,
}: {
  db: Database;
  sendInvitation: InvitationSender;
  publicUrl: string;
}) {
  const driverAppUrl = `${publicUrl.replace(/\/$/, '')}/driver`;
  return {
    /**
     * Mails the driver a link to choose a password; sending again replaces the earlier link. A driver who has a
     * password already signs in with it (and can ask for a reset link), so inviting them again is refused.
     */
    async invite(driverId: string, context: ChangeContext): Promise<DriverInvitation> {
      const found = await findDriverAccount(db, driverId);
      if (!found) throw notFound('Driver not found.');
      const sent = await sendInvitation(found.id, context, {
        action: 'driver.invited',
        app: 'driver',
        async check(tx) {
          // Read again under the lock: the driver may have accepted an earlier invitation meanwhile.
          const account = await findDriverAccount(tx, driverId);
          if (!account) throw notFound('Driver not found.');
          if (account.disabledAt)
            throw conflict('This driver’s account is disabled; it cannot be sent an invitation.');
          if (account.hasPassword)
            throw conflict(
              'This driver already has an account: they sign in with their own password, and can ask for a reset link if they forgot it.',
            );
          return account;
        },
        mail: (invitee, url) => mails.driverInvitation(invitee.email, invitee.name, url, driverAppUrl),
      });
      return {
        email: sent.invitee.email,
        sentAt: sent.sentAt.toISOString(),
        expiresAt: sent.expiresAt.toISOString(),
      };
    },
  };
}
export type DriverAccountService = ReturnType<typeof createDriverAccountService>;
