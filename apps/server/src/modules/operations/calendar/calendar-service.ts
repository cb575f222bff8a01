import {
  CALENDAR_MAX_DAYS,
  type CalendarDate,
  type CalendarDay,
  calendarDayInputSchema,
} from '@school-transport/shared';
import type { z } from 'zod';
import type { Database, Executor } from '../../../db/client.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import type { Clock } from '../../../lib/clock.js';
import { addDays, isWeekday, zonedDate } from '../../../lib/zoned-time.js';
import { recordAudit } from '../../platform/audit/index.js';
import type { LiveLog } from '../live/index.js';
import type { TripService } from '../trips/index.js';
import {
  calendarEntries,
  deleteCalendarDay,
  lockCalendarDay,
  upsertCalendarDay,
  type CalendarDayRow,
} from './calendar-queries.js';

const toCalendarDay = (row: CalendarDayRow): CalendarDay => ({
  date: row.date,
  kind: row.kind,
  note: row.note,
});

/** Days from `from` to `to`, both counted (2026-03-02 to 2026-03-02 is one day). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * Every date from `from` to `to` with whether it is a school day: its entry decides, and without one the weekday
 * rule (Monday to Friday). Reads the entries of the range in one statement.
 */
export async function calendarOf(db: Executor, from: string, to: string): Promise<CalendarDate[]> {
  const entries = new Map((await calendarEntries(db, from, to)).map((row) => [row.date, row]));
  const dates: CalendarDate[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const entry = entries.get(date);
    dates.push({
      date,
      schoolDay: entry ? entry.kind === 'SCHOOL_DAY' : isWeekday(date),
      entry: entry ? toCalendarDay(entry) : null,
    });
  }
  return dates;
}

/** The school days from `from` to `to`, in order: the days the daily job generates trips for. */
export async function schoolDaysBetween(db: Executor, from: string, to: string): Promise<string[]> {
  return (await calendarOf(db, from, to)).filter((day) => day.schoolDay).map((day) => day.date);
}

type CalendarDayValues = z.output<typeof calendarDayInputSchema>;

/** What a change to the calendar did to the trips already generated. */
export interface CalendarTripChanges {
  cancelled: number;
  /** Trips put back or made for the day. */
  planned: number;
}

const movedAny = (changes: CalendarTripChanges) => changes.cancelled + changes.planned > 0;

export interface CalendarServiceDeps {
  db: Database;
  clock: Clock;
  /** The operator's time zone: which day is today. */
  timeZone: string;
  /** How many days ahead the daily job makes trips (TRIPS_AHEAD_DAYS): a new school day in it gets its trips. */
  tripsAheadDays: number;
  trips: Pick<TripService, 'cancelPendingOn' | 'plan'>;
  /** The trips module writes the moves' live events in the change's transaction; this tells the stream after it. */
  live: Pick<LiveLog, 'committed'>;
}

export function createCalendarService({
  db,
  clock,
  timeZone,
  tripsAheadDays,
  trips,
  live,
}: CalendarServiceDeps) {
  /**
   * After `date` changed, in the change's transaction: a day that is no school day loses its PENDING trips
   * (cancelled, with the calendar's reason); a school day gets back the trips the calendar cancelled and, from
   * today to the end of the ahead window, the trips the daily job would have made. Trips that ran are left alone.
   */
  async function followTrips(
    tx: Executor,
    date: string,
    context: ChangeContext,
  ): Promise<CalendarTripChanges> {
    const [day] = await calendarOf(tx, date, date);
    if (!day!.schoolDay) return { cancelled: await trips.cancelPendingOn(tx, date, context), planned: 0 };
    const today = zonedDate(clock(), timeZone);
    if (date < today) return { cancelled: 0, planned: 0 };
    const inWindow = date <= addDays(today, tripsAheadDays);
    return { cancelled: 0, planned: await trips.plan(tx, date, inWindow, context) };
  }

  return {
    async range(from: string, to: string): Promise<CalendarDate[]> {
      if (to < from) throw badRequest('The range must not end before it starts.');
      if (daysBetween(from, to) > CALENDAR_MAX_DAYS)
        throw badRequest(`Ask for at most ${CALENDAR_MAX_DAYS} days at a time.`);
      return calendarOf(db, from, to);
    },

    /** Sets what `date` is, replacing its entry; the audit entry says what it was and what it became. */
    async set(
      date: string,
      input: CalendarDayValues,
      context: ChangeContext,
    ): Promise<{ day: CalendarDay; trips: CalendarTripChanges }> {
      const answer = await db.transaction(async (tx) => {
        const before = await lockCalendarDay(tx, date);
        const row = await upsertCalendarDay(tx, date, { kind: input.kind, note: input.note ?? null });
        await recordAudit(tx, {
          ...context,
          action: 'calendar_day.set',
          entityType: 'calendar_day',
          entityId: date,
          details: {
            from: before ? { kind: before.kind, note: before.note } : null,
            to: { kind: row.kind, note: row.note },
          },
        });
        return { day: toCalendarDay(row), trips: await followTrips(tx, date, context) };
      });
      if (movedAny(answer.trips)) live.committed();
      return answer;
    },

    /** Removes `date`'s entry: the weekday rule decides again. */
    async remove(date: string, context: ChangeContext): Promise<CalendarTripChanges> {
      const changes = await db.transaction(async (tx) => {
        const row = await deleteCalendarDay(tx, date);
        if (!row) throw notFound(`${date} has no calendar entry.`);
        await recordAudit(tx, {
          ...context,
          action: 'calendar_day.deleted',
          entityType: 'calendar_day',
          entityId: date,
          details: { kind: row.kind, note: row.note },
        });
        return followTrips(tx, date, context);
      });
      if (movedAny(changes)) live.committed();
      return changes;
    },
  };
}
export type CalendarService = ReturnType<typeof createCalendarService>;
