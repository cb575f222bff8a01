import { z } from 'zod';
import { dateField, requiredText, withinDays } from './fields.js';

/**
 * Drivers' hours (issue 37 part 5, decision 074): a driver clocks in and out in the driver app, the runs and trips
 * they drive inside a shift count toward it, the office corrects a forgotten clock-out with a reason, and a
 * timesheet per driver and period is read on screen and as CSV for payroll.
 */

export const CLOCK_ACTIONS = ['IN', 'OUT'] as const;
export type ClockAction = (typeof CLOCK_ACTIONS)[number];

/** A timesheet spans at most this many days (two months of payroll). */
export const TIMESHEET_MAX_DAYS = 62;

/**
 * A tap on Clock in or Clock out, as the driver app keeps it in its outbox and sends it (at once or on a replay):
 * its device-made id (a replay is stored once), the time and place of the tap, not of the sending.
 */
export const clockInputSchema = z.object({
  clientId: z.uuid('clientId must be a UUID'),
  action: z.enum(CLOCK_ACTIONS),
  occurredAt: z.iso.datetime({ offset: true, error: 'occurredAt must be an ISO date-time' }),
  lat: z.number().min(-90).max(90).nullish(),
  lng: z.number().min(-180).max(180).nullish(),
});
export type ClockInput = z.input<typeof clockInputSchema>;

/**
 * A correction of a shift's times by the office: what was changed, from what, to what, why and by whom. No times
 * before (`clockInBefore` null): the office added the shift for a driver who never clocked in.
 */
export const shiftCorrectionSchema = z.object({
  id: z.string(),
  clockInBefore: z.string().nullable(),
  clockOutBefore: z.string().nullable(),
  clockInAfter: z.string(),
  clockOutAfter: z.string().nullable(),
  reason: z.string(),
  correctedByName: z.string(),
  correctedAt: z.string(),
});
export type ShiftCorrection = z.infer<typeof shiftCorrectionSchema>;

/**
 * A shift: its times as they count now (after any correction) and as the driver tapped them (kept), where, and the
 * driving inside it (minutes of the trips' actual start to finish that fall within it).
 */
export const shiftSchema = z.object({
  id: z.string(),
  driverId: z.string(),
  /** The operator's day the shift started on: a night shift counts for the day it began. */
  day: z.string(),
  clockInAt: z.string(),
  clockOutAt: z.string().nullable(),
  /**
   * The times the driver tapped; null for a tap the driver never made: a clock-out (the office closed the shift),
   * or both when the office added the shift.
   */
  tappedInAt: z.string().nullable(),
  tappedOutAt: z.string().nullable(),
  clockInLat: z.number().nullable(),
  clockInLng: z.number().nullable(),
  clockOutLat: z.number().nullable(),
  clockOutLng: z.number().nullable(),
  open: z.boolean(),
  /** Null while the shift is open: an open shift counts no hours until it is closed. */
  minutes: z.number().int().nullable(),
  drivingMinutes: z.number().int(),
  corrections: z.array(shiftCorrectionSchema),
});
export type Shift = z.infer<typeof shiftSchema>;

/** The answer to a clock tap: the shift it opened or closed, and whether it was a replay already stored. */
export const clockAnswerSchema = z.object({ shift: shiftSchema, duplicate: z.boolean() });
export type ClockAnswer = z.infer<typeof clockAnswerSchema>;

/** What the driver app's Hours screen shows: the open shift, if any, and the driver's recent shifts. */
export const driverHoursSchema = z.object({
  openShift: shiftSchema.nullable(),
  recent: z.array(shiftSchema),
});
export type DriverHours = z.infer<typeof driverHoursSchema>;

/**
 * The office's correction: the shift's times as they should be, and why (kept in the audit log). The same input
 * adds a shift for a driver who never clocked in.
 */
export const shiftCorrectionInputSchema = z
  .object({
    clockInAt: z.iso.datetime({ offset: true, error: 'Enter the clock-in time' }),
    clockOutAt: z.iso.datetime({ offset: true, error: 'Enter the clock-out time' }),
    reason: requiredText('Reason', 300),
  })
  .refine((input) => Date.parse(input.clockOutAt) > Date.parse(input.clockInAt), {
    path: ['clockOutAt'],
    message: 'The clock-out must be after the clock-in.',
  });
export type ShiftCorrectionInput = z.input<typeof shiftCorrectionInputSchema>;

export const timesheetQuerySchema = withinDays(
  z.object({ driverId: z.uuid('Choose a driver'), from: dateField('From'), to: dateField('To') }),
  TIMESHEET_MAX_DAYS,
  `A timesheet covers at most ${TIMESHEET_MAX_DAYS} days.`,
);
export type TimesheetQuery = z.infer<typeof timesheetQuerySchema>;

/** A trip the driver drove, with the minutes of it inside their shifts and outside any (flagged). */
export const timesheetTripSchema = z.object({
  tripId: z.string(),
  routeName: z.string(),
  type: z.string(),
  startedAt: z.string(),
  completedAt: z.string(),
  drivingMinutes: z.number().int(),
  outsideMinutes: z.number().int(),
  outsideShift: z.boolean(),
});
export type TimesheetTrip = z.infer<typeof timesheetTripSchema>;

export const timesheetDaySchema = z.object({
  day: z.string(),
  shifts: z.array(shiftSchema),
  trips: z.array(timesheetTripSchema),
  minutes: z.number().int(),
  drivingMinutes: z.number().int(),
});
export type TimesheetDay = z.infer<typeof timesheetDaySchema>;

export const timesheetSchema = z.object({
  driverId: z.string(),
  driverName: z.string(),
  from: z.string(),
  to: z.string(),
  days: z.array(timesheetDaySchema),
  totals: z.object({
    days: z.number().int(),
    shifts: z.number().int(),
    openShifts: z.number().int(),
    minutes: z.number().int(),
    drivingMinutes: z.number().int(),
    tripsOutsideShifts: z.number().int(),
    outsideMinutes: z.number().int(),
    corrections: z.number().int(),
  }),
});
export type Timesheet = z.infer<typeof timesheetSchema>;

/** A shift still open at the end of its day or older: most likely a forgotten clock-out, for the office to close. */
export const openShiftSchema = shiftSchema.extend({ driverName: z.string() });
export type OpenShift = z.infer<typeof openShiftSchema>;
