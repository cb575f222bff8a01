import {
  fillPlaceholders,
  placeholdersOf,
  type Audience,
  type AudienceChoices,
  type AudienceCount,
  type FamilyMessage,
  type FamilyMessageInput,
  type familyMessageInputSchema,
  type ParentMessage,
} from '@school-transport/shared';
import type { z } from 'zod';
import type { Database, Executor } from '../../../db/client.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import type { Clock } from '../../../lib/clock.js';
import { badRequest, notFound, refusal } from '../../../lib/errors.js';
import { zonedDate } from '../../../lib/zoned-time.js';
import { recordAudit } from '../../platform/audit/index.js';
import {
  countGuardians,
  insertMessage,
  latestMessages,
  markRead,
  messageById,
  messagesOfGuardian,
  nameOf,
  namedChoices,
  runOfDay,
  runsOfDay,
  templateById,
  type OfficeMessageRow,
} from './family-message-queries.js';

/** The office's list shows the latest messages; older ones stay in the audit log. */
const OFFICE_LIST_LIMIT = 100;
/** A guardian's portal lists their latest messages. */
const PORTAL_LIST_LIMIT = 100;

const runNames = { PICKUP: 'morning run', DROP: 'afternoon run' } as const;

export interface FamilyMessageDeps {
  db: Database;
  clock: Clock;
  /** The operator's time zone: which day's runs are "today's". */
  timeZone: string;
  /** Wakes the family-messages job once a message is committed (job-registry.ts). */
  wakeJob(): void;
}

type SendInput = z.output<typeof familyMessageInputSchema>;

/** The audience in the office's words ("Route North 2", "Everyone"); 404 when what it names does not exist. */
async function labelOf(db: Executor, audience: Audience, today: string): Promise<string> {
  if (audience.kind === 'everyone') return 'Everyone';
  if (audience.kind === 'run') {
    const run = await runOfDay(db, audience.id, today);
    if (!run) throw notFound('No run of today has this id.');
    return `${run.routeName}, ${runNames[run.type]} of today`;
  }
  const name = await nameOf(db, audience.kind, audience.id);
  if (name === undefined) throw notFound(`No ${audience.kind} has this id.`);
  return `${{ route: 'Route', school: 'School', stop: 'Stop' }[audience.kind]} ${name}`;
}

/** The text to send: the template's with its placeholders filled (each one required), or the office's own. */
async function textOf(db: Executor, input: SendInput) {
  if (!input.templateId) return { body: input.body, translations: input.translations, templateId: null };
  const template = await templateById(db, input.templateId);
  if (!template)
    throw badRequest('The template no longer exists.', [
      { field: 'templateId', message: 'The template no longer exists' },
    ]);
  const missing = placeholdersOf(template.body).filter((name) => !input.values[name]);
  if (missing.length)
    throw badRequest(
      'Fill in every placeholder of the template.',
      missing.map((name) => ({ field: `values.${name}`, message: `Fill in {${name}}` })),
    );
  const translations = Object.fromEntries(
    Object.entries(template.translations).map(([language, text]) => [
      language,
      fillPlaceholders(text, input.values),
    ]),
  );
  return { body: fillPlaceholders(template.body, input.values), translations, templateId: template.id };
}

const toOffice = (row: OfficeMessageRow): FamilyMessage => ({
  ...row,
  audience: row.audience as FamilyMessage['audience'],
  state: row.state as FamilyMessage['state'],
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

/**
 * The office's messages to families (decision 066): what it can address, how many guardians that reaches, sending
 * (a row the family-messages job turns into one notification per guardian), the sent list with its counts, and a
 * guardian's own messages in the portal.
 */
export function createFamilyMessageService({ db, clock, timeZone, wakeJob }: FamilyMessageDeps) {
  const today = () => zonedDate(clock(), timeZone);

  return {
    async choices(): Promise<AudienceChoices> {
      const runs = await runsOfDay(db, today());
      return {
        run: runs.map((run) => ({ id: run.id, label: `${run.routeName}, ${runNames[run.type]}` })),
        ...(await namedChoices(db)),
      };
    },

    async count(audience: Audience): Promise<AudienceCount> {
      const label = await labelOf(db, audience, today());
      return { label, recipients: await countGuardians(db, audience) };
    },

    /** Stores the message and its audit entry in one transaction; the job writes its recipients and sends it. */
    async send(input: FamilyMessageInput & SendInput, context: ChangeContext): Promise<FamilyMessage> {
      const id = await db.transaction(async (tx) => {
        const audienceLabel = await labelOf(tx, input.audience, today());
        const text = await textOf(tx, input);
        const counted = await countGuardians(tx, input.audience);
        const messageId = await insertMessage(tx, {
          audience: input.audience.kind,
          audienceId: 'id' in input.audience ? input.audience.id : null,
          audienceLabel,
          body: text.body,
          translations: text.translations,
          sentBy: context.actor.id,
        });
        await recordAudit(tx, {
          ...context,
          action: 'family-message.sent',
          entityType: 'family-message',
          entityId: messageId,
          details: {
            audience: input.audience,
            audienceLabel,
            templateId: text.templateId,
            languages: ['en', ...Object.keys(text.translations)],
            recipientsCounted: counted,
          },
        });
        return messageId;
      });
      wakeJob();
      return toOffice((await messageById(db, id))!);
    },

    async list(): Promise<FamilyMessage[]> {
      return (await latestMessages(db, OFFICE_LIST_LIMIT)).map(toOffice);
    },

    async get(id: string): Promise<FamilyMessage> {
      const row = await messageById(db, id);
      if (!row) throw notFound('Message not found.');
      return toOffice(row);
    },

    async ofGuardian(userId: string): Promise<ParentMessage[]> {
      const rows = await messagesOfGuardian(db, userId, PORTAL_LIST_LIMIT);
      return rows.map((row) => ({
        ...row,
        sentAt: row.sentAt.toISOString(),
        readAt: row.readAt?.toISOString() ?? null,
      }));
    },

    /** A guardian opened their message; one sent to somebody else answers 404, as one that does not exist. */
    async markRead(userId: string, messageId: string): Promise<void> {
      if (!(await markRead(db, userId, messageId))) throw refusal(404, { code: 'refusal.messageNotFound' });
    },
  };
}
export type FamilyMessageService = ReturnType<typeof createFamilyMessageService>;
