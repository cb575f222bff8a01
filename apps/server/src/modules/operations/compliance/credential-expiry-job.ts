import { dayInWords } from '@school-transport/shared';
import type { Transaction } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import type { ClaimedWork } from '../../platform/jobs/index.js';
import type { Mailer } from '../../platform/mail/index.js';
import type { AlertInput, AlertService } from '../alerts/index.js';
import type { LiveLog } from '../live/index.js';
import { activeAdminEmails, dueCredentials, type CredentialRow } from './compliance-queries.js';
import { expiredInWords, holderInWords } from './compliance-service.js';

const PRODUCT = 'SchoolRide';

const expiringInWords = (row: CredentialRow) =>
  `${holderInWords(row)} ${row.kindName.toLowerCase()} expires on ${dayInWords(row.expiresOn)} (in ${row.daysLeft} day${row.daysLeft === 1 ? '' : 's'}).`;

const isExpiredRow = (row: CredentialRow) => row.daysLeft <= 0;

/**
 * The alerts of what expired or expires within its kind's warning days: one per credential, state and expiry day
 * (the cause), so a renewal that moves the day raises a new one and a second run raises nothing.
 */
export function expiryAlerts(due: CredentialRow[], at: Date): AlertInput[] {
  return due.map((row) => {
    const expired = isExpiredRow(row);
    return {
      kind: expired ? 'CREDENTIAL_EXPIRED' : 'CREDENTIAL_EXPIRING',
      cause: `${expired ? 'credential-expired' : 'credential-expiring'}:${row.id}:${row.expiresOn}`,
      tripId: null,
      message: expired ? expiredInWords(row) : expiringInWords(row),
      raisedAt: at,
    };
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function expiryMail(to: string, today: string, due: CredentialRow[], publicUrl: string) {
  const expired = due.filter(isExpiredRow).map(expiredInWords);
  const expiring = due.filter((row) => !isExpiredRow(row)).map(expiringInWords);
  const sections = [
    ['Expired', expired],
    ['Expiring soon', expiring],
  ] as const;
  const link = `${publicUrl.replace(/\/$/, '')}/compliance`;
  const text = [
    `Credentials on ${dayInWords(today)}: ${expired.length} expired, ${expiring.length} expiring soon.`,
    ...sections
      .filter(([, lines]) => lines.length)
      .map(([title, lines]) => `${title}:\n${lines.map((l) => `- ${l}`).join('\n')}`),
    `Renew them in the back-office: ${link}`,
  ].join('\n\n');
  const html = [
    `<div style="font-family:sans-serif">`,
    `<p>Credentials on ${escapeHtml(dayInWords(today))}: ${expired.length} expired, ${expiring.length} expiring soon.</p>`,
    ...sections
      .filter(([, lines]) => lines.length)
      .map(
        ([title, lines]) =>
          `<h3>${title}</h3><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
      ),
    `<p><a href="${escapeHtml(link)}">Open the Compliance screen</a></p>`,
    `</div>`,
  ].join('');
  return {
    kind: 'notification' as const,
    to,
    subject: `${PRODUCT}: ${expired.length} credentials expired, ${expiring.length} expiring`,
    text,
    html,
  };
}

export interface CredentialExpiryJobDeps {
  clock: Clock;
  alerts: Pick<AlertService, 'raise'>;
  mailer: Mailer;
  publicUrl: string;
  /** The live log the alert service writes the raised alerts to: woken once the day's run has committed. */
  live: Pick<LiveLog, 'committed'>;
}

/**
 * The credential-expiry job's work (daily, once across processes: job-registry.ts): raises the expiry alerts and
 * mails the admins the day's list. A failed mail fails the run, so the next look retries the day; the alerts raised
 * are then found raised already. The raised alerts go on the live stream in the run's transaction and reach open
 * screens as soon as it has committed (the runner calls `committed`), as alerts raised anywhere else do.
 */
export function credentialExpiryJob({
  clock,
  alerts,
  mailer,
  publicUrl,
  live,
}: CredentialExpiryJobDeps): ClaimedWork {
  return {
    async run(tx: Transaction, today: string) {
      const due = await dueCredentials(tx, today);
      const raised = await alerts.raise(tx, expiryAlerts(due, clock()));
      const admins = due.length ? await activeAdminEmails(tx) : [];
      for (const to of admins) await mailer.send(expiryMail(to, today, due, publicUrl));
      const expired = due.filter(isExpiredRow).length;
      return {
        summary: `${expired} credentials expired, ${due.length - expired} expiring; ${raised.length} alerts raised, ${admins.length} admins mailed`,
        figures: { expired, expiring: due.length - expired, alerts: raised.length, mailed: admins.length },
      };
    },
    committed(report) {
      if (report.figures.alerts) live.committed();
    },
  };
}
