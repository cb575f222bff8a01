import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Audience, AudienceChoices } from '@school-transport/shared';
import { isActive } from '../../../db/active-records.js';
import type { Executor } from '../../../db/client.js';
import {
  busRoutes,
  familyMessageRecipients,
  familyMessages,
  messageTemplates,
  schools,
  stops,
  trips,
  users,
} from '../../../db/schema/index.js';
import { ridersOfTrip } from '../stop-changes/index.js';

/** The SQL of the office's messages to families: audiences, recipients, progress and the portal's list (decision 066). */

/**
 * Children become their guardians here: the active parent accounts linked to `children` (a select of student ids) in
 * student_guardians (decision 064's rule), each once, however many children of the audience they look after. A
 * deactivated child is in no audience, and a deactivated guardian receives nothing (decision 076).
 */
export const guardiansOfChildren = (children: SQL) => sql`
  select distinct u.id as user_id
  from student_guardians g
  join students s on s.id = g.student_id
  join parents p on p.id = g.parent_id
  join users u on u.id = p.user_id
  where g.student_id in (${children}) and ${isActive(sql`s`)} and ${isActive(sql`p`)}
    and u.role = 'parent' and u.disabled_at is null`;

/**
 * The children an audience means (a select of student ids): those riding a run of today (its seats, approved stop
 * changes and combined runs: `ridersOfTrip`), seated on a route, whose plan of a school was accepted (the only link
 * between a child and a school the records hold), waiting at or leaving at a stop, or every child.
 */
export function childrenOf(audience: Audience): SQL {
  switch (audience.kind) {
    case 'run':
      return sql`select rider.student_id from trips t cross join lateral ${ridersOfTrip(sql`t`)} rider
        where t.id = ${audience.id}`;
    case 'route':
      return sql`select seat.student_id from assignment_students seat
        join route_assignments ra on ra.id = seat.assignment_id where ra.route_id = ${audience.id}`;
    case 'school':
      return sql`select (jsonb_array_elements_text(pp.request -> 'studentIds'))::uuid from plan_proposals pp
        where pp.school_id = ${audience.id} and pp.accepted_at is not null`;
    case 'stop':
      return sql`select ss.student_id from student_stops ss where ss.stop_id = ${audience.id}`;
    case 'everyone':
      return sql`select s.id from students s`;
  }
}

/**
 * The accounts of the guardians an audience reaches. Their languages are read by i18n's `languageHolders`, the one
 * reading of what a recipient's language is chosen from.
 */
export async function guardianIdsOf(db: Executor, audience: Audience): Promise<string[]> {
  const result = (await db.execute(guardiansOfChildren(childrenOf(audience)))) as unknown as {
    rows: Array<{ user_id: string }>;
  };
  return result.rows.map((row) => row.user_id);
}

/** How many guardians an audience reaches (the office's count before sending). */
export async function countGuardians(db: Executor, audience: Audience): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as n from (${guardiansOfChildren(childrenOf(audience))}) g`,
  )) as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

/** A run of `today` as the office picks it: the route, the run and its date. */
export async function runsOfDay(db: Executor, today: string) {
  return db
    .select({ id: trips.id, routeName: trips.routeName, type: trips.type, tripDate: trips.tripDate })
    .from(trips)
    .where(and(eq(trips.tripDate, today), isNull(trips.cancelledAt)))
    .orderBy(asc(trips.routeName), asc(trips.type));
}

export async function runOfDay(db: Executor, id: string, today: string) {
  const [row] = await db
    .select({ id: trips.id, routeName: trips.routeName, type: trips.type })
    .from(trips)
    .where(and(eq(trips.id, id), eq(trips.tripDate, today)));
  return row;
}

/** Every route, school and stop by name: the office's choices of an audience. */
export async function namedChoices(db: Executor): Promise<Omit<AudienceChoices, 'run'>> {
  const named = (table: typeof busRoutes | typeof schools | typeof stops) =>
    db.select({ id: table.id, label: table.name }).from(table).orderBy(asc(table.name));
  const route = await named(busRoutes);
  const school = await named(schools);
  const stop = await named(stops);
  return { route, school, stop };
}

/** The name of the route, school or stop an audience names; undefined when there is none. */
export async function nameOf(db: Executor, kind: 'route' | 'school' | 'stop', id: string) {
  const table = { route: busRoutes, school: schools, stop: stops }[kind];
  const [row] = await db.select({ name: table.name }).from(table).where(eq(table.id, id));
  return row?.name;
}

export async function templateById(db: Executor, id: string) {
  const [row] = await db.select().from(messageTemplates).where(eq(messageTemplates.id, id));
  return row;
}

export async function insertMessage(tx: Executor, values: typeof familyMessages.$inferInsert) {
  const [row] = await tx.insert(familyMessages).values(values).returning({ id: familyMessages.id });
  return row!.id;
}

/**
 * The oldest message whose recipients are not written yet, locked for the caller's transaction: another process
 * looking at the same moment skips it (skip locked), and one that looks after the commit sees it SENDING.
 */
export async function claimQueued(tx: Executor) {
  const [row] = await tx
    .select()
    .from(familyMessages)
    .where(eq(familyMessages.state, 'QUEUED'))
    .orderBy(asc(familyMessages.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

/** Writes recipients; a (message, guardian) pair already there is left as it is. */
export async function insertRecipients(
  tx: Executor,
  rows: (typeof familyMessageRecipients.$inferInsert)[],
): Promise<void> {
  if (rows.length) await tx.insert(familyMessageRecipients).values(rows).onConflictDoNothing();
}

export async function markSending(tx: Executor, id: string, recipients: number): Promise<void> {
  await tx.update(familyMessages).set({ state: 'SENDING', recipients }).where(eq(familyMessages.id, id));
}

/** The outbox's dedup key of a message to a guardian: the same pair is one notification, ever. */
export const OUTBOX_KEY_PREFIX = 'OFFICE_MESSAGE:';
const outboxKey = sql`${OUTBOX_KEY_PREFIX} || r.message_id || ':' || r.user_id`;

/**
 * Copies from the outbox what became of each recipient's notification of the messages being sent (when, how, or
 * that it was given up), then ends the messages whose every recipient is handled. Answers how many it ended.
 */
export async function recordProgress(db: Executor): Promise<number> {
  await db.execute(sql`
    update family_message_recipients r
    set handled_at = coalesce(o.sent_at, o.given_up_at), delivered_at = o.sent_at, channel = o.channel
    from family_messages m, notification_outbox o
    where m.state = 'SENDING' and r.message_id = m.id and r.handled_at is null
      and o.dedup_key = ${outboxKey} and (o.sent_at is not null or o.given_up_at is not null)`);
  const ended = (await db.execute(sql`
    update family_messages m set state = 'DONE', finished_at = now()
    where m.state = 'SENDING'
      and not exists (select 1 from family_message_recipients r where r.message_id = m.id and r.handled_at is null)
    returning m.id`)) as { rows: unknown[] };
  return ended.rows.length;
}

const counts = {
  handled: sql<number>`(select count(*) from family_message_recipients r where r.message_id = ${familyMessages.id} and r.handled_at is not null)::int`,
  delivered: sql<number>`(select count(*) from family_message_recipients r where r.message_id = ${familyMessages.id} and r.delivered_at is not null)::int`,
  read: sql<number>`(select count(*) from family_message_recipients r where r.message_id = ${familyMessages.id} and r.read_at is not null)::int`,
};

const officeColumns = {
  id: familyMessages.id,
  audience: familyMessages.audience,
  audienceLabel: familyMessages.audienceLabel,
  body: familyMessages.body,
  translations: familyMessages.translations,
  state: familyMessages.state,
  recipients: familyMessages.recipients,
  sentBy: users.email,
  createdAt: familyMessages.createdAt,
  finishedAt: familyMessages.finishedAt,
  ...counts,
};

/** The office's latest messages with their counts, newest first. */
export async function latestMessages(db: Executor, limit: number) {
  return db
    .select(officeColumns)
    .from(familyMessages)
    .leftJoin(users, eq(users.id, familyMessages.sentBy))
    .orderBy(desc(familyMessages.createdAt), desc(familyMessages.id))
    .limit(limit);
}

export async function messageById(db: Executor, id: string) {
  const [row] = await db
    .select(officeColumns)
    .from(familyMessages)
    .leftJoin(users, eq(users.id, familyMessages.sentBy))
    .where(eq(familyMessages.id, id));
  return row;
}
export type OfficeMessageRow = NonNullable<Awaited<ReturnType<typeof messageById>>>;

/** A guardian's own messages, newest first, each in the language it was sent to them in. */
export async function messagesOfGuardian(db: Executor, userId: string, limit: number) {
  return db
    .select({
      id: familyMessages.id,
      body: sql<string>`coalesce(${familyMessages.translations} ->> ${familyMessageRecipients.language}, ${familyMessages.body})`,
      sentAt: familyMessages.createdAt,
      readAt: familyMessageRecipients.readAt,
    })
    .from(familyMessageRecipients)
    .innerJoin(familyMessages, eq(familyMessages.id, familyMessageRecipients.messageId))
    .where(eq(familyMessageRecipients.userId, userId))
    .orderBy(desc(familyMessages.createdAt), desc(familyMessages.id))
    .limit(limit);
}

/** Marks the guardian's message read (the first opening counts); false when it was not sent to them. */
export async function markRead(db: Executor, userId: string, messageId: string): Promise<boolean> {
  const rows = await db
    .update(familyMessageRecipients)
    .set({ readAt: sql`coalesce(${familyMessageRecipients.readAt}, now())` })
    .where(and(eq(familyMessageRecipients.userId, userId), eq(familyMessageRecipients.messageId, messageId)))
    .returning({ messageId: familyMessageRecipients.messageId });
  return rows.length > 0;
}
