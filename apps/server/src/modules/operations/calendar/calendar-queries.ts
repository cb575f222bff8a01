import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { CalendarDayInput } from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import { calendarDays } from '../../../db/schema/index.js';

/** The SQL of the school calendar (rules in calendar-service.ts). */

export type CalendarDayRow = typeof calendarDays.$inferSelect;

/** The entries of the dates from `from` to `to`, both included (the primary key orders them). */
export function calendarEntries(db: Executor, from: string, to: string) {
  return db
    .select()
    .from(calendarDays)
    .where(and(gte(calendarDays.date, from), lte(calendarDays.date, to)))
    .orderBy(asc(calendarDays.date));
}

/** The entry of one date, locked until the transaction ends so that its audit entry reads the value replaced. */
export async function lockCalendarDay(tx: Executor, date: string): Promise<CalendarDayRow | undefined> {
  const [row] = await tx.select().from(calendarDays).where(eq(calendarDays.date, date)).for('update');
  return row;
}

/** Sets what a date is, replacing what was there. */
export async function upsertCalendarDay(
  tx: Executor,
  date: string,
  input: { kind: CalendarDayInput['kind']; note: string | null },
): Promise<CalendarDayRow> {
  const [row] = await tx
    .insert(calendarDays)
    .values({ date, ...input })
    .onConflictDoUpdate({ target: calendarDays.date, set: input })
    .returning();
  return row!;
}

export async function deleteCalendarDay(tx: Executor, date: string): Promise<CalendarDayRow | undefined> {
  const [row] = await tx.delete(calendarDays).where(eq(calendarDays.date, date)).returning();
  return row;
}
