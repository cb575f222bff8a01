import { z } from 'zod';
import { RUNS } from './stops.js';
import { dateField, optionalText } from './fields.js';

/**
 * The school calendar: Monday to Friday are school days unless a date says otherwise. A HOLIDAY or CLOSURE on a
 * weekday means no trips; a SCHOOL_DAY on a weekend adds one (a make-up day).
 */
export const CALENDAR_DAY_KINDS = ['SCHOOL_DAY', 'HOLIDAY', 'CLOSURE'] as const;
export type CalendarDayKind = (typeof CALENDAR_DAY_KINDS)[number];

/** PUT /api/calendar/{date}: set what a date is (replaces what was there). */
export const calendarDayInputSchema = z.object({
  kind: z.enum(CALENDAR_DAY_KINDS, { error: 'Choose school day, holiday or closure' }),
  note: optionalText('Note', 200),
});
export type CalendarDayInput = z.input<typeof calendarDayInputSchema>;

export const calendarDaySchema = z.object({
  date: z.string(),
  kind: z.enum(CALENDAR_DAY_KINDS),
  note: z.string().nullable(),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;

/** GET /api/calendar?from&to: every date of the range with whether it is a school day and why. */
export const calendarRangeQuerySchema = z.object({
  from: dateField('From'),
  to: dateField('To'),
});
export const calendarDateSchema = z.object({
  date: z.string(),
  schoolDay: z.boolean(),
  /** The date's own entry, or null when the weekday rule decides. */
  entry: calendarDaySchema.nullable(),
});
export type CalendarDate = z.infer<typeof calendarDateSchema>;

/** Absences: "not riding" for a date and a run, or both runs. */
export const ABSENCE_RUNS = [...RUNS, 'BOTH'] as const;

/** POST /api/students/{id}/absences. */
export const absenceInputSchema = z.object({
  date: dateField('Date'),
  run: z.enum(ABSENCE_RUNS, { error: 'Choose morning, afternoon or both' }),
  reason: optionalText('Reason', 200),
});
export type AbsenceInput = z.input<typeof absenceInputSchema>;

export const absenceSchema = z.object({
  id: z.string(),
  studentId: z.string(),
  date: z.string(),
  run: z.enum(RUNS),
  reason: z.string().nullable(),
  /** Who entered it: the office (an admin) or, later, the parent. */
  by: z.string().nullable(),
  createdAt: z.string(),
});
export type Absence = z.infer<typeof absenceSchema>;

/** Path parameter of PUT and DELETE /api/calendar/{date}. */
export const calendarDateParamsSchema = z.object({ date: dateField('Date') });

/** GET /api/calendar asks for at most this many dates at once. */
export const CALENDAR_MAX_DAYS = 400;

/** GET /api/students/{id}/absences looks this many days back (and every upcoming one). */
export const ABSENCES_PAST_DAYS = 30;
