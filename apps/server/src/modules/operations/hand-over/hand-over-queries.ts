import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { NoAdultRule } from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import {
  authorizedAdults,
  handOverMisses,
  ridershipEvents,
  students,
  tripStops,
} from '../../../db/schema/index.js';

/** The SQL of hand-over (rules in hand-over-service.ts): authorized adults, who received a child, misses. */

export type AuthorizedAdultRow = typeof authorizedAdults.$inferSelect;

/** What the rule of hand-over reads of children: their class and their own choice. */
export function childrenForHandOver(db: Executor, studentIds: string[]) {
  if (!studentIds.length) return Promise.resolve([]);
  return db
    .select({ id: students.id, name: students.name, class: students.class, handOver: students.handOver })
    .from(students)
    .where(inArray(students.id, studentIds));
}

/** The authorized adults of these children, oldest first. */
export function adultsOfChildren(db: Executor, studentIds: string[]): Promise<AuthorizedAdultRow[]> {
  if (!studentIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(authorizedAdults)
    .where(inArray(authorizedAdults.studentId, studentIds))
    .orderBy(asc(authorizedAdults.createdAt), asc(authorizedAdults.id));
}

export async function adultById(db: Executor, id: string, lock = false) {
  const query = db.select().from(authorizedAdults).where(eq(authorizedAdults.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function insertAdult(
  db: Executor,
  values: { studentId: string; name: string; relation: string; phone: string },
) {
  const [row] = await db.insert(authorizedAdults).values(values).returning();
  return row!;
}

export async function deleteAdult(db: Executor, id: string) {
  await db.delete(authorizedAdults).where(eq(authorizedAdults.id, id));
}

export async function setAdultPhoto(db: Executor, id: string, photo: string | null) {
  await db.update(authorizedAdults).set({ photo }).where(eq(authorizedAdults.id, id));
}

/** Writes who received each handed-over child on the events just stored (the adult as they are now). */
export async function setReceivedBy(db: Executor, rows: { eventId: string; adult: AuthorizedAdultRow }[]) {
  for (const { eventId, adult } of rows)
    await db
      .update(ridershipEvents)
      .set({ receivedBy: adult.id, receivedByName: adult.name, receivedByRelation: adult.relation })
      .where(eq(ridershipEvents.eventId, eventId));
}

/** The name of a trip's stop at a position, if it has one there. */
export async function tripStopName(db: Executor, tripId: string, position: number) {
  const [row] = await db
    .select({ name: tripStops.name })
    .from(tripStops)
    .where(and(eq(tripStops.tripId, tripId), eq(tripStops.position, position)));
  return row?.name ?? null;
}

/** Stores a miss once by its id; answers whether it is new. */
export async function insertMiss(
  db: Executor,
  values: {
    missId: string;
    tripId: string;
    studentId: string;
    stopPosition: number | null;
    stopName: string | null;
    rule: NoAdultRule;
    occurredAt: Date;
    receivedAt: Date;
    recordedBy: string;
  },
): Promise<{ created: boolean; rule: NoAdultRule }> {
  const inserted = await db
    .insert(handOverMisses)
    .values(values)
    .onConflictDoNothing({ target: handOverMisses.missId })
    .returning({ missId: handOverMisses.missId });
  if (inserted.length) return { created: true, rule: values.rule };
  const [before] = await db
    .select({ rule: handOverMisses.rule })
    .from(handOverMisses)
    .where(eq(handOverMisses.missId, values.missId));
  return { created: false, rule: before?.rule ?? values.rule };
}

/** The misses of these trips, newest first. */
export function missesOfTrips(db: Executor, tripIds: string[]) {
  if (!tripIds.length) return Promise.resolve([]);
  return db
    .select({
      tripId: handOverMisses.tripId,
      studentId: handOverMisses.studentId,
      stopName: handOverMisses.stopName,
      rule: handOverMisses.rule,
      occurredAt: handOverMisses.occurredAt,
    })
    .from(handOverMisses)
    .where(inArray(handOverMisses.tripId, tripIds))
    .orderBy(desc(handOverMisses.occurredAt), desc(handOverMisses.missId));
}
export type MissRow = Awaited<ReturnType<typeof missesOfTrips>>[number];
