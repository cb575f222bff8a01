import type {
  Shift,
  ShiftCorrection,
  Timesheet,
  TimesheetDay,
  TimesheetTrip,
} from '@school-transport/shared';
import { zonedDate } from '../../../lib/zoned-time.js';
import type { CorrectionRow, ShiftRow } from './drivers-hours-queries.js';

/**
 * How a driver's shifts and trips make a timesheet (decision 074), with no SQL: a shift counts from its clock-in
 * to its clock-out (an open one counts no hours until it is closed, but trips inside it up to now are not flagged),
 * a trip's driving from its actual start to its finish, the part of it inside a shift counting toward that shift
 * and the rest flagged as outside any shift. A shift and a trip belong to the operator's day they began on, so a
 * night shift or a trip across midnight is counted once, on its first day.
 */

export interface DrivenTrip {
  id: string;
  routeName: string;
  type: string;
  startedAt: Date | null;
  completedAt: Date | null;
}

const MINUTE_MS = 60_000;
const minutes = (ms: number) => Math.round(ms / MINUTE_MS);

/** How long [aFrom, aTo) and [bFrom, bTo) share, in milliseconds. */
const overlapMs = (aFrom: Date, aTo: Date, bFrom: Date, bTo: Date) =>
  Math.max(0, Math.min(aTo.getTime(), bTo.getTime()) - Math.max(aFrom.getTime(), bFrom.getTime()));

const shiftEnd = (shift: ShiftRow, now: Date) => shift.clockOutAt ?? now;

const tripSpan = (trip: DrivenTrip) => ({ from: trip.startedAt!, to: trip.completedAt! });

function correctionAnswer(row: CorrectionRow): ShiftCorrection {
  return {
    id: row.id,
    clockInBefore: row.clockInBefore?.toISOString() ?? null,
    clockOutBefore: row.clockOutBefore?.toISOString() ?? null,
    clockInAfter: row.clockInAfter.toISOString(),
    clockOutAfter: row.clockOutAfter?.toISOString() ?? null,
    reason: row.reason,
    correctedByName: row.correctedByName,
    correctedAt: row.correctedAt.toISOString(),
  };
}

/** A shift as the API answers it, with the driving of `trips` inside it. */
export function shiftAnswer(
  shift: ShiftRow,
  trips: readonly DrivenTrip[],
  corrections: readonly CorrectionRow[],
  now: Date,
  timeZone: string,
): Shift {
  const end = shiftEnd(shift, now);
  const driving = trips.reduce((sum, trip) => {
    const { from, to } = tripSpan(trip);
    return sum + overlapMs(shift.clockInAt, end, from, to);
  }, 0);
  return {
    id: shift.id,
    driverId: shift.driverId,
    day: zonedDate(shift.clockInAt, timeZone),
    clockInAt: shift.clockInAt.toISOString(),
    clockOutAt: shift.clockOutAt?.toISOString() ?? null,
    tappedInAt: shift.tappedInAt?.toISOString() ?? null,
    tappedOutAt: shift.tappedOutAt?.toISOString() ?? null,
    clockInLat: shift.clockInLat,
    clockInLng: shift.clockInLng,
    clockOutLat: shift.clockOutLat,
    clockOutLng: shift.clockOutLng,
    open: shift.clockOutAt === null,
    minutes: shift.clockOutAt ? minutes(shift.clockOutAt.getTime() - shift.clockInAt.getTime()) : null,
    drivingMinutes: minutes(driving),
    corrections: corrections.filter((row) => row.shiftId === shift.id).map(correctionAnswer),
  };
}

/** A trip with its driving inside the shifts and outside every one. */
function tripAnswer(trip: DrivenTrip, shifts: readonly ShiftRow[], now: Date): TimesheetTrip {
  const { from, to } = tripSpan(trip);
  const inside = shifts.reduce(
    (sum, shift) => sum + overlapMs(shift.clockInAt, shiftEnd(shift, now), from, to),
    0,
  );
  const outside = Math.max(0, to.getTime() - from.getTime() - inside);
  return {
    tripId: trip.id,
    routeName: trip.routeName,
    type: trip.type,
    startedAt: from.toISOString(),
    completedAt: to.toISOString(),
    drivingMinutes: minutes(to.getTime() - from.getTime()),
    outsideMinutes: minutes(outside),
    // A minute's slack: a driver who clocks in as the bus leaves is not flagged for the seconds between the taps.
    outsideShift: outside >= MINUTE_MS,
  };
}

export interface TimesheetInput {
  driverId: string;
  driverName: string;
  from: string;
  to: string;
  /** The driver's shifts from the day before `from` to the day after `to`: a trip near an edge finds its shift. */
  shifts: readonly ShiftRow[];
  trips: readonly DrivenTrip[];
  corrections: readonly CorrectionRow[];
  now: Date;
  timeZone: string;
}

/** The timesheet of one driver for the days from `from` to `to`: each day's shifts and trips, and the totals. */
export function buildTimesheet(input: TimesheetInput): Timesheet {
  const { from, to, shifts, trips, corrections, now, timeZone } = input;
  const inPeriod = (day: string) => day >= from && day <= to;
  const days = new Map<string, TimesheetDay>();
  const dayOf = (day: string) => {
    let entry = days.get(day);
    if (!entry) {
      entry = { day, shifts: [], trips: [], minutes: 0, drivingMinutes: 0 };
      days.set(day, entry);
    }
    return entry;
  };
  for (const shift of shifts) {
    const answer = shiftAnswer(shift, trips, corrections, now, timeZone);
    if (!inPeriod(answer.day)) continue;
    const day = dayOf(answer.day);
    day.shifts.push(answer);
    day.minutes += answer.minutes ?? 0;
    day.drivingMinutes += answer.drivingMinutes;
  }
  for (const trip of trips) {
    const day = zonedDate(trip.startedAt!, timeZone);
    if (inPeriod(day)) dayOf(day).trips.push(tripAnswer(trip, shifts, now));
  }
  const list = [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
  const allShifts = list.flatMap((day) => day.shifts);
  const allTrips = list.flatMap((day) => day.trips);
  const outside = allTrips.filter((trip) => trip.outsideShift);
  return {
    driverId: input.driverId,
    driverName: input.driverName,
    from,
    to,
    days: list,
    totals: {
      days: list.filter((day) => day.shifts.length > 0).length,
      shifts: allShifts.length,
      openShifts: allShifts.filter((shift) => shift.open).length,
      minutes: list.reduce((sum, day) => sum + day.minutes, 0),
      drivingMinutes: list.reduce((sum, day) => sum + day.drivingMinutes, 0),
      tripsOutsideShifts: outside.length,
      outsideMinutes: outside.reduce((sum, trip) => sum + trip.outsideMinutes, 0),
      corrections: allShifts.reduce((sum, shift) => sum + shift.corrections.length, 0),
    },
  };
}
