import type { Audience } from '@school-transport/shared';
import type { Database } from '../../../db/client.js';
import { languageHolders, recipientLanguage, translatorFor } from '../../platform/i18n/index.js';
import { insertNotifications, type OutboxInput } from '../notifications/index.js';
import {
  claimQueued,
  guardianIdsOf,
  insertRecipients,
  markSending,
  OUTBOX_KEY_PREFIX,
  recordProgress,
} from './family-message-queries.js';

/** Rows written per statement: 1,000 outbox rows of 7 values stay far below PostgreSQL's 65,535 parameters. */
const CHUNK = 1_000;

/** Where the notification leads: the portal's message list. */
const PORTAL_MESSAGES = '/parent/messages';

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

export interface FamilyMessageJobDeps {
  db: Database;
  /** The notification dispatcher's wake: the outbox has rows to send. */
  wakeDispatcher(): void;
}

/**
 * The family-messages job's work (each process, every few seconds and woken by a send): for each message QUEUED,
 * in one transaction with the message row locked, resolves its audience to guardians as they are now and writes
 * one recipient row and one outbox row per guardian, in the guardian's language (the text's translation where it
 * has one); then copies what the dispatcher did into the recipients and ends finished messages. Nothing is sent
 * twice: the recipient's key (message, guardian) and the outbox's dedup key hold whichever process writes, and a
 * crash rolls the whole audience back to QUEUED.
 */
export function familyMessageJob({ db, wakeDispatcher }: FamilyMessageJobDeps) {
  async function expandOne(): Promise<boolean> {
    return db.transaction(async (tx) => {
      const message = await claimQueued(tx);
      if (!message) return false;
      const audience = (
        message.audienceId ? { kind: message.audience, id: message.audienceId } : { kind: message.audience }
      ) as Audience;
      const guardians = await guardianIdsOf(tx, audience);
      const holders = await languageHolders(tx, guardians);
      const titles = new Map<string, string>();
      const recipients = guardians.map((userId) => ({
        messageId: message.id,
        userId,
        language: recipientLanguage(holders.get(userId)!),
      }));
      const outbox: OutboxInput[] = recipients.map(({ userId, language }) => {
        if (!titles.has(language))
          titles.set(language, translatorFor(language).t('notification.officeMessage.title'));
        return {
          dedupKey: `${OUTBOX_KEY_PREFIX}${message.id}:${userId}`,
          userId,
          studentId: null,
          kind: 'OFFICE_MESSAGE',
          title: titles.get(language)!,
          body: message.translations[language] ?? message.body,
          url: PORTAL_MESSAGES,
        };
      });
      // One after the other: statements of one transaction share its connection.
      for (const part of chunks(recipients)) await insertRecipients(tx, part);
      for (const part of chunks(outbox)) await insertNotifications(tx, part);
      await markSending(tx, message.id, recipients.length);
      return true;
    });
  }

  return async function sendFamilyMessages(): Promise<{ expanded: number; finished: number }> {
    let expanded = 0;
    while (await expandOne()) expanded++;
    if (expanded) wakeDispatcher();
    const finished = await recordProgress(db);
    return { expanded, finished };
  };
}
