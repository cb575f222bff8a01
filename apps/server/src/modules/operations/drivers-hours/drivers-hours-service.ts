import type { z } from 'zod';
import type {
  clockInputSchema,
  ClockAnswer,
  DriverHours,
  OpenShift,
  Shift,
  shiftCorrectionInputSchema,
  Timesheet,
  TimesheetQuery,
} from '@school-transport/shared';
import type { Database, Executor } from '../../../db/client.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import type { Clock } from '../../../lib/clock.js';
import { conflict, notFound, refusal } from '../../../lib/errors.js';
import { DEVICE_CLOCK_SKEW_MS } from '../../../lib/trip-window.js';
import { addDays, zonedClockTime, zonedDate, zonedInstant } from '../../../lib/zoned-time.js';
import { recordAudit } from '../../platform/audit/index.js';
import {
  addShift,
  closeShift,
  correctionsOf,
  correctShift,
  driverById,
  driverOfUser,
  drivenTripsBetween,
  insertShift,
  lastClosedShiftOf,
  lockDriver,
  lockShift,
  openShiftOf,
  openShiftsBefore,
  overlappingShift,
  shiftOfTap,
  shiftsBetween,
  type ShiftRow,
} from './drivers-hours-queries.js';
import { buildTimesheet, shiftAnswer } from './timesheet.js';

type ClockInput = z.output<typeof clockInputSchema>;
type CorrectionInput = z.output<typeof shiftCorrectionInputSchema>;

export interface DriversHoursDeps {
  db: Database;
  clock: Clock;
  timeZone: string;
}

/** How many days of their own shifts the driver app shows. */
const RECENT_DAYS = 14;
const DAY_MS = 86_400_000;

/**
 * Drivers' hours (decision 074): the driver's clock taps (stored once by their device-made id, at the time and
 * place of the tap), the driver's own recent shifts, the office's timesheet, open shifts and corrections.
 */
export function createDriversHoursService(deps: DriversHoursDeps) {
  const { db, clock, timeZone } = deps;
  const at = (instant: Date) => ({ clockTime: instant, timeZone });

  /** The office's times for a shift (a correction or an added one), refused when the clock-out is in the future. */
  function officeTimes(input: CorrectionInput): { clockInAt: Date; clockOutAt: Date } {
    const clockOutAt = new Date(input.clockOutAt);
    if (clockOutAt.getTime() > clock().getTime() + DEVICE_CLOCK_SKEW_MS)
      throw conflict('The clock-out cannot be in the future.', [
        { field: 'clockOutAt', message: 'The clock-out cannot be in the future.' },
      ]);
    return { clockInAt: new Date(input.clockInAt), clockOutAt };
  }

  /** Under the driver's row lock: no two shifts of a driver overlap, whoever set their times. */
  async function refuseOverlap(
    tx: Executor,
    driverId: string,
    shiftId: string | null,
    times: { clockInAt: Date; clockOutAt: Date },
  ): Promise<void> {
    await lockDriver(tx, driverId);
    const other = await overlappingShift(tx, driverId, shiftId, times.clockInAt, times.clockOutAt);
    if (!other) return;
    const message = `These times overlap the driver’s shift from ${zonedDate(other.clockInAt, timeZone)} ${zonedClockTime(other.clockInAt, timeZone)}${other.clockOutAt ? ` to ${zonedClockTime(other.clockOutAt, timeZone)}` : ' (still open)'}.`;
    throw conflict(message, [{ field: 'clockInAt', message }]);
  }

  const correctionBy = (input: CorrectionInput, officeName: string, context: ChangeContext) => ({
    reason: input.reason,
    correctedBy: context.actor.id,
    correctedByName: officeName,
    correctedAt: clock(),
  });

  /** A shift as answered, with the driving inside it and its corrections. */
  async function answerOf(shift: ShiftRow): Promise<Shift> {
    const now = clock();
    // A trip counts from its start, so one that started up to a day before the shift may still run into it.
    const trips = await drivenTripsBetween(
      db,
      shift.driverId,
      new Date(shift.clockInAt.getTime() - DAY_MS),
      shift.clockOutAt ?? now,
    );
    return shiftAnswer(shift, trips, await correctionsOf(db, [shift.id]), now, timeZone);
  }

  async function ownDriver(userId: string) {
    const driver = await driverOfUser(db, userId);
    if (!driver) throw refusal(404, { code: 'refusal.hours.noDriver' });
    return driver;
  }

  /** The timesheet of a driver from `from` to `to` (operator's days). */
  async function timesheetOf(
    driver: { id: string; name: string },
    from: string,
    to: string,
  ): Promise<Timesheet> {
    // A day either side: a trip just after midnight finds the shift that began the evening before, and the other
    // way round.
    const start = zonedInstant(addDays(from, -1), '00:00', timeZone);
    const end = zonedInstant(addDays(to, 2), '00:00', timeZone);
    const [shifts, trips] = await Promise.all([
      shiftsBetween(db, driver.id, start, end),
      drivenTripsBetween(db, driver.id, start, end),
    ]);
    const corrections = await correctionsOf(
      db,
      shifts.map((shift) => shift.id),
    );
    return buildTimesheet({
      driverId: driver.id,
      driverName: driver.name,
      from,
      to,
      shifts,
      trips,
      corrections,
      now: clock(),
      timeZone,
    });
  }

  return {
    /**
     * Clocks the signed-in driver in or out at the time and place of the tap. One open shift at a time: a second
     * clock-in, or a clock-out without a shift, is refused in words (409). A replay of a stored tap (the phone's
     * outbox sending again after a lost answer) answers the shift it made, `duplicate`, and changes nothing.
     */
    async clock(userId: string, input: ClockInput, context: ChangeContext): Promise<ClockAnswer> {
      const driver = await ownDriver(userId);
      const now = clock();
      const occurredAt = new Date(input.occurredAt);
      if (occurredAt.getTime() > now.getTime() + DEVICE_CLOCK_SKEW_MS)
        throw refusal(400, { code: 'refusal.hours.inFuture' });
      const place = { lat: input.lat ?? null, lng: input.lng ?? null };
      const { shift, duplicate } = await db.transaction(async (tx) => {
        await lockDriver(tx, driver.id);
        const stored = await shiftOfTap(tx, input.clientId);
        if (stored) {
          if (stored.driverId !== driver.id) throw refusal(409, { code: 'refusal.hours.tapTaken' });
          return { shift: stored, duplicate: true };
        }
        const open = await openShiftOf(tx, driver.id);
        let shift: ShiftRow;
        if (input.action === 'IN') {
          if (open)
            throw refusal(409, { code: 'refusal.hours.alreadyIn', params: { time: at(open.clockInAt) } });
          const last = await lastClosedShiftOf(tx, driver.id);
          if (last?.clockOutAt && last.clockOutAt.getTime() > occurredAt.getTime())
            throw refusal(409, {
              code: 'refusal.hours.inBeforeLastOut',
              params: { time: at(occurredAt), out: at(last.clockOutAt) },
            });
          shift = await insertShift(tx, {
            driverId: driver.id,
            clockInAt: occurredAt,
            tappedInAt: occurredAt,
            clockInLat: place.lat,
            clockInLng: place.lng,
            clockInClientId: input.clientId,
            receivedInAt: now,
          });
        } else {
          if (!open) throw refusal(409, { code: 'refusal.hours.notIn' });
          if (occurredAt.getTime() <= open.clockInAt.getTime())
            throw refusal(409, {
              code: 'refusal.hours.outBeforeIn',
              params: { time: at(occurredAt), in: at(open.clockInAt) },
            });
          shift = await closeShift(tx, open.id, {
            clockOutAt: occurredAt,
            tappedOutAt: occurredAt,
            clockOutLat: place.lat,
            clockOutLng: place.lng,
            clockOutClientId: input.clientId,
            receivedOutAt: now,
          });
        }
        await recordAudit(tx, {
          actor: context.actor,
          action: input.action === 'IN' ? 'drivers-hours.clock-in' : 'drivers-hours.clock-out',
          entityType: 'driver-shift',
          entityId: shift.id,
          details: { driverId: driver.id, occurredAt: input.occurredAt, ...place },
          ip: context.ip,
        });
        return { shift, duplicate: false };
      });
      return { shift: await answerOf(shift), duplicate };
    },

    /** The signed-in driver's open shift and their shifts of the last two weeks, newest first. */
    async driverHours(userId: string): Promise<DriverHours> {
      const driver = await ownDriver(userId);
      const today = zonedDate(clock(), timeZone);
      const [sheet, open] = await Promise.all([
        timesheetOf(driver, addDays(today, -(RECENT_DAYS - 1)), today),
        openShiftOf(db, driver.id),
      ]);
      const recent = sheet.days.flatMap((day) => day.shifts).reverse();
      return {
        openShift: open ? (recent.find((shift) => shift.id === open.id) ?? (await answerOf(open))) : null,
        recent,
      };
    },

    async timesheet({ driverId, from, to }: TimesheetQuery): Promise<Timesheet> {
      const driver = await driverById(db, driverId);
      if (!driver) throw notFound('Driver not found.');
      return timesheetOf(driver, from, to);
    },

    /** Every shift still open, oldest first: a forgotten clock-out shows here for the office to close. */
    async openShifts(): Promise<OpenShift[]> {
      const rows = await openShiftsBefore(db, clock());
      return Promise.all(
        rows.map(async ({ shift, driverName }) => ({ ...(await answerOf(shift)), driverName })),
      );
    },

    /**
     * The office sets a shift's times (a forgotten clock-out, a wrong tap) with a reason: the times before and
     * after and the reason are kept as a correction and in the audit log; the driver's own taps stay as they were.
     */
    async correct(
      shiftId: string,
      input: CorrectionInput,
      officeName: string,
      context: ChangeContext,
    ): Promise<Shift> {
      const times = officeTimes(input);
      const shift = await db.transaction(async (tx) => {
        const locked = await lockShift(tx, shiftId);
        if (!locked) throw notFound('Shift not found.');
        await refuseOverlap(tx, locked.driverId, locked.id, times);
        const corrected = await correctShift(tx, locked, times, correctionBy(input, officeName, context));
        await recordAudit(tx, {
          actor: context.actor,
          action: 'drivers-hours.correct',
          entityType: 'driver-shift',
          entityId: locked.id,
          details: {
            driverId: locked.driverId,
            reason: input.reason,
            before: {
              clockInAt: locked.clockInAt.toISOString(),
              clockOutAt: locked.clockOutAt?.toISOString() ?? null,
            },
            after: { clockInAt: input.clockInAt, clockOutAt: input.clockOutAt },
          },
          ip: context.ip,
        });
        return corrected;
      });
      return answerOf(shift);
    },

    /**
     * The office adds a shift for a driver who never clocked in (a dead phone, a forgotten tap), with a reason:
     * kept as a correction with no times before, and in the audit log. Refused like a correction when it would
     * overlap another of the driver's shifts or end in the future.
     */
    async addForDriver(
      driverId: string,
      input: CorrectionInput,
      officeName: string,
      context: ChangeContext,
    ): Promise<Shift> {
      const times = officeTimes(input);
      const shift = await db.transaction(async (tx) => {
        if (!(await driverById(tx, driverId))) throw notFound('Driver not found.');
        await refuseOverlap(tx, driverId, null, times);
        const added = await addShift(tx, driverId, times, correctionBy(input, officeName, context));
        await recordAudit(tx, {
          actor: context.actor,
          action: 'drivers-hours.add',
          entityType: 'driver-shift',
          entityId: added.id,
          details: {
            driverId,
            reason: input.reason,
            clockInAt: input.clockInAt,
            clockOutAt: input.clockOutAt,
          },
          ip: context.ip,
        });
        return added;
      });
      return answerOf(shift);
    },
  };
}
export type DriversHoursService = ReturnType<typeof createDriversHoursService>;
