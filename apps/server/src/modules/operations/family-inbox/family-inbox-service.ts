import type {
  Colleague,
  FamilyInboxFilter,
  ThreadMessage,
  FamilyThread,
  FamilyThreadData,
  FamilyThreadSummary,
  ParentThread,
} from '@school-transport/shared';
import type { Database, Executor } from '../../../db/client.js';
import { OFFICE_BY, type ChangeContext } from '../../../lib/change-context.js';
import type { Clock } from '../../../lib/clock.js';
import { refusal } from '../../../lib/errors.js';
import { zonedDate } from '../../../lib/zoned-time.js';
import { recordAudit } from '../../platform/audit/index.js';
import { enqueueNotifications, type NotificationDispatcher } from '../notifications/index.js';
import {
  colleagues,
  deleteManifestNote,
  describedThread,
  insertMessage,
  insertThread,
  listThreads,
  lockThread,
  messagesOf,
  nameOfUser,
  threadsOfAuthor,
  unreadThreads,
  updateThread,
  upsertManifestNote,
  type DescribedThread,
  type FamilyMessageRow,
  type FamilyThreadRow,
} from './family-inbox-queries.js';

export interface FamilyInboxServiceDeps {
  db: Database;
  clock: Clock;
  timeZone: string;
  /** Woken after a reply's commit: the guardian's push is in the outbox. */
  notifications: Pick<NotificationDispatcher, 'wake'>;
}

/** A guardian's own thread, known to the caller (the parent portal checks the children are theirs). */
export interface GuardianScope {
  authorId: string;
  studentIds: string[];
}

/** The office's list shows this many threads of a filter, newest activity first. */
export const INBOX_LIST_LIMIT = 200;

/** A push's body quotes the reply's opening, not a letter. */
const PUSH_QUOTE = 140;

const notFound = () => refusal(404, { code: 'refusal.familyInbox.notFound' });
const iso = (date: Date | null) => date?.toISOString() ?? null;

function toMessage(row: FamilyMessageRow, forGuardian: boolean): ThreadMessage {
  return {
    id: row.id,
    side: row.side,
    author: forGuardian && row.side === 'OFFICE' ? OFFICE_BY : row.authorName,
    body: row.body,
    sentAt: row.sentAt.toISOString(),
  };
}

/** What the guardian's and the office's answers both say of a thread; `unread` counts the reader's side. */
function threadPart(row: DescribedThread, unread: number) {
  const { thread } = row;
  return {
    id: thread.id,
    studentId: thread.studentId,
    studentName: row.studentName,
    date: thread.date,
    state: thread.state,
    unread,
    lastMessageAt: thread.lastMessageAt.toISOString(),
  };
}

/** What a guardian reads: no assignee, no office reader, every office message signed "the office". */
function toParentThread(row: DescribedThread, messages: FamilyMessageRow[]): ParentThread {
  return {
    ...threadPart(row, row.guardianUnread),
    messages: messages.map((message) => toMessage(message, true)),
  };
}

function officePart(row: DescribedThread) {
  const { thread } = row;
  return {
    ...threadPart(row, row.officeUnread),
    guardianName: row.guardianName,
    guardianEmail: row.guardianEmail,
    assignee: thread.assigneeId ? { id: thread.assigneeId, name: row.assigneeName ?? '' } : null,
    manifestNote: row.manifestNote,
    closedAt: iso(thread.closedAt),
  };
}

/**
 * The family inbox (decision 067): threads guardians start about a child and a date, the office's replies,
 * assignments, closing and reopening, and the note a thread may put on that date's manifests. Every write is one
 * transaction with its audit entry, which names the thread and the child by id only (never a message: decision
 * 020). Read marks are not audited: reading changes nothing anyone relies on.
 */
export function createFamilyInboxService({ db, clock, timeZone, notifications }: FamilyInboxServiceDeps) {
  async function officeThread(id: string): Promise<FamilyThread> {
    const row = await describedThread(db, id);
    if (!row) throw notFound();
    const messages = await messagesOf(db, [id]);
    return { ...officePart(row), messages: messages.map((message) => toMessage(message, false)) };
  }

  /** The guardian's own thread, else 404 as one that does not exist. */
  async function guardianThread(id: string, scope: GuardianScope): Promise<DescribedThread> {
    const row = await describedThread(db, id);
    if (!row || !ownedBy(row.thread, scope)) throw notFound();
    return row;
  }

  async function guardianGet(id: string, scope: GuardianScope): Promise<ParentThread> {
    const row = await guardianThread(id, scope);
    return toParentThread(row, await messagesOf(db, [id]));
  }

  /** Locks the thread and runs `work` on it in one transaction, with the thread's audit entry. */
  async function change<T>(
    id: string,
    context: ChangeContext,
    action: string,
    work: (tx: Executor, row: FamilyThreadRow) => Promise<{ details?: object; result: T }>,
    may: (row: FamilyThreadRow) => boolean = () => true,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      const row = await lockThread(tx, id);
      if (!row || !may(row)) throw notFound();
      const { details, result } = await work(tx, row);
      await recordAudit(tx, {
        ...context,
        action: `family_thread.${action}`,
        entityType: 'family_thread',
        entityId: id,
        details: { studentId: row.studentId, ...details },
      });
      return result;
    });
  }

  return {
    async list(filter: FamilyInboxFilter, viewerId: string): Promise<FamilyThreadSummary[]> {
      const rows = await listThreads(db, filter, viewerId, INBOX_LIST_LIMIT);
      return rows.map((row) => ({ ...officePart(row), preview: row.preview }));
    },

    unread: () => unreadThreads(db),

    colleagues: (): Promise<Colleague[]> => colleagues(db),

    get: officeThread,

    /** The office has opened the thread: its guardian's messages so far count as read (for the whole office). */
    async markRead(id: string): Promise<void> {
      const row = await describedThread(db, id);
      if (!row) throw notFound();
      await updateThread(db, id, { officeReadAt: clock() });
    },

    /** The office's reply to an open thread; the guardian who wrote it is pushed, in the reply's transaction. */
    async reply(id: string, body: string, context: ChangeContext): Promise<FamilyThread> {
      const told = await change(id, context, 'replied', async (tx, row) => {
        if (row.state === 'CLOSED') throw refusal(409, { code: 'refusal.familyInbox.closed' });
        const at = clock();
        const message = await insertMessage(tx, {
          threadId: id,
          side: 'OFFICE',
          authorId: context.actor.id,
          authorName: await nameOfUser(tx, context.actor.id),
          body,
          sentAt: at,
        });
        // Replying reads what the guardian wrote before it.
        await updateThread(tx, id, { lastMessageAt: at, officeReadAt: at });
        return { result: await tellGuardianOfReply(tx, row, message) };
      });
      if (told) notifications.wake();
      return officeThread(id);
    },

    /** Assigns the thread to a colleague (an administrator who can sign in), or to nobody. */
    async assign(id: string, userId: string | null, context: ChangeContext): Promise<FamilyThread> {
      await change(id, context, 'assigned', async (tx, row) => {
        if (userId && !(await colleagues(tx, userId)).length)
          throw refusal(409, { code: 'refusal.familyInbox.notColleague' });
        await updateThread(tx, id, { assigneeId: userId });
        return { details: { assigneeId: { from: row.assigneeId, to: userId } }, result: undefined };
      });
      return officeThread(id);
    },

    async close(id: string, context: ChangeContext): Promise<FamilyThread> {
      await change(id, context, 'closed', async (tx, row) => {
        if (row.state === 'CLOSED') throw refusal(409, { code: 'refusal.familyInbox.alreadyClosed' });
        await updateThread(tx, id, { state: 'CLOSED', closedAt: clock() });
        return { result: undefined };
      });
      return officeThread(id);
    },

    async reopen(id: string, context: ChangeContext): Promise<FamilyThread> {
      await change(id, context, 'reopened', async (tx, row) => {
        if (row.state === 'OPEN') throw refusal(409, { code: 'refusal.familyInbox.alreadyOpen' });
        await updateThread(tx, id, { state: 'OPEN', closedAt: null });
        return { result: undefined };
      });
      return officeThread(id);
    },

    /**
     * Puts the office's short note beside the thread's child on the manifests of the thread's date (replacing any
     * note of that child and date). A date already past is refused: no driver would read it.
     */
    async setManifestNote(id: string, note: string, context: ChangeContext): Promise<FamilyThread> {
      await change(id, context, 'manifest_note_set', async (tx, row) => {
        if (row.date < zonedDate(clock(), timeZone))
          throw refusal(409, { code: 'refusal.familyInbox.notePastDate' });
        await upsertManifestNote(tx, {
          studentId: row.studentId,
          date: row.date,
          note,
          threadId: id,
          writtenBy: context.actor.id,
          writtenAt: clock(),
        });
        return { details: { date: row.date }, result: undefined };
      });
      return officeThread(id);
    },

    async removeManifestNote(id: string, context: ChangeContext): Promise<FamilyThread> {
      await change(id, context, 'manifest_note_removed', async (tx, row) => {
        if (!(await deleteManifestNote(tx, row))) throw refusal(409, { code: 'refusal.familyInbox.noNote' });
        return { details: { date: row.date }, result: undefined };
      });
      return officeThread(id);
    },

    /** A guardian's new thread about one of their children (the caller checked the child is theirs). */
    async start(authorId: string, input: FamilyThreadData, context: ChangeContext): Promise<ParentThread> {
      const id = await db.transaction(async (tx) => {
        const at = clock();
        const thread = await insertThread(tx, {
          studentId: input.studentId,
          authorId,
          date: input.date,
          createdAt: at,
          lastMessageAt: at,
          guardianReadAt: at,
        });
        await insertMessage(tx, {
          threadId: thread.id,
          side: 'GUARDIAN',
          authorId,
          authorName: await nameOfUser(tx, authorId),
          body: input.body,
          sentAt: at,
        });
        await recordAudit(tx, {
          ...context,
          action: 'family_thread.started',
          entityType: 'family_thread',
          entityId: thread.id,
          details: { studentId: input.studentId },
        });
        return thread.id;
      });
      return guardianGet(id, { authorId, studentIds: [input.studentId] });
    },

    async ofGuardian(scope: GuardianScope): Promise<ParentThread[]> {
      const rows = await threadsOfAuthor(db, scope.authorId, scope.studentIds);
      const messages = await messagesOf(
        db,
        rows.map((row) => row.thread.id),
      );
      return rows.map((row) =>
        toParentThread(
          row,
          messages.filter((message) => message.threadId === row.thread.id),
        ),
      );
    },

    guardianGet,

    /** The guardian's next message in their thread; a closed thread opens again, since they are still asking. */
    async guardianWrite(
      id: string,
      body: string,
      scope: GuardianScope,
      context: ChangeContext,
    ): Promise<ParentThread> {
      await change(
        id,
        context,
        'guardian_wrote',
        async (tx, row) => {
          const at = clock();
          await insertMessage(tx, {
            threadId: id,
            side: 'GUARDIAN',
            authorId: scope.authorId,
            authorName: await nameOfUser(tx, scope.authorId),
            body,
            sentAt: at,
          });
          await updateThread(tx, id, {
            lastMessageAt: at,
            guardianReadAt: at,
            state: 'OPEN',
            closedAt: null,
          });
          return { details: { reopened: row.state === 'CLOSED' }, result: undefined };
        },
        (row) => ownedBy(row, scope),
      );
      return guardianGet(id, scope);
    },

    async guardianMarkRead(id: string, scope: GuardianScope): Promise<void> {
      await guardianThread(id, scope);
      await updateThread(db, id, { guardianReadAt: clock() });
    },
  };
}
export type FamilyInboxService = ReturnType<typeof createFamilyInboxService>;

/** Only its author sees a thread, and only while the child is still theirs (decision 067). */
const ownedBy = (row: Pick<FamilyThreadRow, 'authorId' | 'studentId'>, scope: GuardianScope) =>
  row.authorId === scope.authorId && scope.studentIds.includes(row.studentId);

/**
 * Pushes the guardian who wrote the thread that the office replied, in the reply's transaction: a rollback tells
 * nothing, and the message's id as the dedup key keeps each reply to one. Answers how many were written.
 */
async function tellGuardianOfReply(
  tx: Executor,
  thread: FamilyThreadRow,
  message: FamilyMessageRow,
): Promise<number> {
  const described = await describedThread(tx, thread.id);
  if (!described) return 0;
  const quote =
    message.body.length > PUSH_QUOTE ? `${message.body.slice(0, PUSH_QUOTE - 1).trimEnd()}…` : message.body;
  return enqueueNotifications(tx, [
    {
      dedupKey: `OFFICE_REPLY:${message.id}`,
      userId: thread.authorId,
      studentId: thread.studentId,
      kind: 'OFFICE_REPLY',
      text: (t) => ({
        title: t('notification.officeReply.title', { child: described.studentName }),
        // The office's own words, as typed: not translated.
        body: quote,
      }),
      url: '/parent/threads',
    },
  ]);
}
