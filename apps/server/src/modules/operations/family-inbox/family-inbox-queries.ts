import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ACCESS_ROLES, type FamilyInboxFilter, type FamilyMessageSide } from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import {
  familyThreadMessages,
  familyThreads,
  manifestNotes,
  students,
  users,
} from '../../../db/schema/index.js';

/** The SQL of the family inbox (rules in family-inbox-service.ts). */

export type FamilyThreadRow = typeof familyThreads.$inferSelect;

const author = alias(users, 'author');
const assignee = alias(users, 'assignee');

/** Messages of one side written after a reader's mark: what that reader has not opened. */
const unreadOf = (
  side: FamilyMessageSide,
  readAt: typeof familyThreads.officeReadAt | typeof familyThreads.guardianReadAt,
) => sql<number>`(
  select count(*)::int from ${familyThreadMessages}
   where ${familyThreadMessages.threadId} = ${familyThreads.id} and ${familyThreadMessages.side} = ${side}
     and (${readAt} is null or ${familyThreadMessages.sentAt} > ${readAt}))`;

/** A thread with what its answers name: the child, the guardian who wrote it, the assignee, the manifest note. */
function selectDescribed(db: Executor) {
  return db
    .select({
      thread: familyThreads,
      studentName: students.name,
      guardianName: author.name,
      guardianEmail: author.email,
      assigneeName: assignee.name,
      manifestNote: manifestNotes.note,
      officeUnread: unreadOf('GUARDIAN', familyThreads.officeReadAt),
      guardianUnread: unreadOf('OFFICE', familyThreads.guardianReadAt),
      preview: sql<string>`coalesce((
        select left(${familyThreadMessages.body}, 120) from ${familyThreadMessages}
         where ${familyThreadMessages.threadId} = ${familyThreads.id}
         order by ${familyThreadMessages.sentAt} desc, ${familyThreadMessages.id} desc limit 1), '')`,
    })
    .from(familyThreads)
    .innerJoin(students, eq(students.id, familyThreads.studentId))
    .innerJoin(author, eq(author.id, familyThreads.authorId))
    .leftJoin(assignee, eq(assignee.id, familyThreads.assigneeId))
    .leftJoin(
      manifestNotes,
      and(
        eq(manifestNotes.threadId, familyThreads.id),
        eq(manifestNotes.studentId, familyThreads.studentId),
        eq(manifestNotes.date, familyThreads.date),
      ),
    );
}
export type DescribedThread = Awaited<ReturnType<ReturnType<typeof selectDescribed>['execute']>>[number];

const NEWEST_FIRST = [desc(familyThreads.lastMessageAt), desc(familyThreads.id)] as const;

/** The office's list of a filter, newest activity first ('mine': the open ones assigned to `viewerId`). */
export function listThreads(db: Executor, filter: FamilyInboxFilter, viewerId: string, limit: number) {
  const where =
    filter === 'closed'
      ? eq(familyThreads.state, 'CLOSED')
      : filter === 'mine'
        ? and(eq(familyThreads.state, 'OPEN'), eq(familyThreads.assigneeId, viewerId))
        : eq(familyThreads.state, 'OPEN');
  return selectDescribed(db)
    .where(where)
    .orderBy(...NEWEST_FIRST)
    .limit(limit);
}

/** A guardian's own threads: those they wrote, about the children given (their own, checked by the caller). */
export function threadsOfAuthor(db: Executor, authorId: string, studentIds: string[]) {
  if (!studentIds.length) return Promise.resolve([]);
  return selectDescribed(db)
    .where(and(eq(familyThreads.authorId, authorId), inArray(familyThreads.studentId, studentIds)))
    .orderBy(...NEWEST_FIRST);
}

export async function describedThread(db: Executor, id: string): Promise<DescribedThread | undefined> {
  const [row] = await selectDescribed(db).where(eq(familyThreads.id, id));
  return row;
}

/** The thread's row, locked for a change (two replies or a close racing a reply queue one after the other). */
export async function lockThread(tx: Executor, id: string): Promise<FamilyThreadRow | undefined> {
  const [row] = await tx.select().from(familyThreads).where(eq(familyThreads.id, id)).for('update');
  return row;
}

/** The messages of threads, oldest first, with the office author's current name when they still have one. */
export function messagesOf(db: Executor, threadIds: string[]) {
  if (!threadIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(familyThreadMessages)
    .where(inArray(familyThreadMessages.threadId, threadIds))
    .orderBy(asc(familyThreadMessages.sentAt), asc(familyThreadMessages.id));
}
export type FamilyMessageRow = typeof familyThreadMessages.$inferSelect;

export async function insertThread(tx: Executor, values: typeof familyThreads.$inferInsert) {
  const [row] = await tx.insert(familyThreads).values(values).returning();
  return row!;
}

export async function insertMessage(tx: Executor, values: typeof familyThreadMessages.$inferInsert) {
  const [row] = await tx.insert(familyThreadMessages).values(values).returning();
  return row!;
}

export async function updateThread(tx: Executor, id: string, values: Partial<FamilyThreadRow>) {
  await tx.update(familyThreads).set(values).where(eq(familyThreads.id, id));
}

/** The name a message keeps of its writer. */
export async function nameOfUser(db: Executor, userId: string): Promise<string> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? '';
}

/** Administrators and dispatchers who can sign in: whom a thread can be assigned to (they answer families). */
export function colleagues(db: Executor, onlyId?: string) {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      and(
        inArray(users.role, ACCESS_ROLES.dispatch),
        isNull(users.disabledAt),
        onlyId === undefined ? undefined : eq(users.id, onlyId),
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
}

/** Open threads with a guardian's message the office has not opened: the menu's badge. */
export async function unreadThreads(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(familyThreads)
    .where(
      and(
        eq(familyThreads.state, 'OPEN'),
        sql`exists (select 1 from ${familyThreadMessages}
                     where ${familyThreadMessages.threadId} = ${familyThreads.id}
                       and ${familyThreadMessages.side} = 'GUARDIAN'
                       and (${familyThreads.officeReadAt} is null
                            or ${familyThreadMessages.sentAt} > ${familyThreads.officeReadAt}))`,
      ),
    );
  return row?.n ?? 0;
}

/** One note per child and date: a second one from any thread replaces the first. */
export async function upsertManifestNote(tx: Executor, values: typeof manifestNotes.$inferInsert) {
  await tx
    .insert(manifestNotes)
    .values(values)
    .onConflictDoUpdate({
      target: [manifestNotes.studentId, manifestNotes.date],
      set: {
        note: values.note,
        threadId: values.threadId,
        writtenBy: values.writtenBy,
        writtenAt: values.writtenAt,
      },
    });
}

/** Removes the note of the thread's child and date, if this thread made it; answers whether one went. */
export async function deleteManifestNote(tx: Executor, thread: FamilyThreadRow): Promise<boolean> {
  const gone = await tx
    .delete(manifestNotes)
    .where(
      and(
        eq(manifestNotes.threadId, thread.id),
        eq(manifestNotes.studentId, thread.studentId),
        eq(manifestNotes.date, thread.date),
      ),
    )
    .returning({ id: manifestNotes.id });
  return gone.length > 0;
}

/** The office's notes for these children on `date`, by child: what their manifests of that date show. */
export async function manifestNotesOn(
  db: Executor,
  date: string,
  studentIds: string[],
): Promise<Map<string, string>> {
  if (!studentIds.length) return new Map();
  const rows = await db
    .select({ studentId: manifestNotes.studentId, note: manifestNotes.note })
    .from(manifestNotes)
    .where(and(eq(manifestNotes.date, date), inArray(manifestNotes.studentId, studentIds)));
  return new Map(rows.map((row) => [row.studentId, row.note]));
}
