import type { Timesheet } from '@school-transport/shared';
import type { CsvColumn } from '../../../lib/csv.js';
import { zonedClockTime, zonedDate } from '../../../lib/zoned-time.js';

/**
 * A timesheet as CSV for payroll (decision 074): a row per shift, a row per trip driven outside any shift, and a
 * total. Times on the operator's clock with their day (a night shift's clock-out is on the next one); hours as
 * decimals, as payroll systems take them.
 */
export interface TimesheetCsvRow {
  driver: string;
  day: string;
  kind: 'Shift' | 'Open shift' | 'Trip outside any shift' | 'Total';
  start: string | null;
  end: string | null;
  hours: number | null;
  drivingHours: number | null;
  corrections: number | null;
  reasons: string | null;
}

const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

export function timesheetCsvRows(sheet: Timesheet, timeZone: string): TimesheetCsvRow[] {
  const when = (iso: string | null) => {
    if (!iso) return null;
    const instant = new Date(iso);
    return `${zonedDate(instant, timeZone)} ${zonedClockTime(instant, timeZone)}`;
  };
  const rows: TimesheetCsvRow[] = [];
  for (const day of sheet.days) {
    for (const shift of day.shifts)
      rows.push({
        driver: sheet.driverName,
        day: day.day,
        kind: shift.open ? 'Open shift' : 'Shift',
        start: when(shift.clockInAt),
        end: when(shift.clockOutAt),
        hours: shift.minutes === null ? null : hours(shift.minutes),
        drivingHours: hours(shift.drivingMinutes),
        corrections: shift.corrections.length,
        reasons: shift.corrections.map((correction) => correction.reason).join('; ') || null,
      });
    for (const trip of day.trips.filter((row) => row.outsideShift))
      rows.push({
        driver: sheet.driverName,
        day: day.day,
        kind: 'Trip outside any shift',
        start: when(trip.startedAt),
        end: when(trip.completedAt),
        hours: null,
        drivingHours: hours(trip.outsideMinutes),
        corrections: null,
        reasons: trip.routeName,
      });
  }
  const { totals } = sheet;
  rows.push({
    driver: sheet.driverName,
    day: `${sheet.from} to ${sheet.to}`,
    kind: 'Total',
    start: null,
    end: null,
    hours: hours(totals.minutes),
    drivingHours: hours(totals.drivingMinutes),
    corrections: totals.corrections,
    reasons: null,
  });
  return rows;
}

export const timesheetCsvColumns: CsvColumn<TimesheetCsvRow>[] = [
  { header: 'Driver', value: (row) => row.driver },
  { header: 'Day', value: (row) => row.day },
  { header: 'Entry', value: (row) => row.kind },
  { header: 'Start', value: (row) => row.start },
  { header: 'End', value: (row) => row.end },
  { header: 'Hours', value: (row) => row.hours },
  { header: 'Driving hours', value: (row) => row.drivingHours },
  { header: 'Corrections', value: (row) => row.corrections },
  { header: 'Reasons or route', value: (row) => row.reasons },
];
