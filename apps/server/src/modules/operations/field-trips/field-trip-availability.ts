import { dayInWords } from '@school-transport/shared';
import { zonedClockTime, zonedInstant } from '../../../lib/zoned-time.js';

/**
 * Who is busy during a field trip's span (decision 073), from what the queries read: the day's regular runs (the
 * assignment's driver and vehicle, or a cover's substitute), other field trips' buses (depot to depot), and blocking
 * credentials expired by the trip's day. Spans that touch count as meeting: no time is left to get there. Answers,
 * per holder ("driver:<id>", "vehicle:<id>"), why not, in words that follow the holder's name.
 */

export interface Span {
  busyFrom: Date;
  busyTo: Date;
}

interface Run {
  routeName: string;
  run: 'PICKUP' | 'DROP';
  startTime: string;
  lastMinutes: number;
  driverId: string;
  vehicleId: string;
}

interface OtherBus {
  destinationName: string;
  driverId: string | null;
  vehicleId: string | null;
  departAt: Date;
  returnAt: Date;
  busyFrom: Date | null;
  busyTo: Date | null;
}

interface Blocker {
  driverId: string | null;
  vehicleId: string | null;
  kindName: string;
}

const meets = (a: Span, from: Date, to: Date) => from <= a.busyTo && a.busyFrom <= to;

export function whyBusy(
  span: Span,
  day: { date: string; schoolDay: boolean; timeZone: string },
  runs: Run[],
  others: OtherBus[],
  blockers: Blocker[],
): Map<string, string[]> {
  const why = new Map<string, string[]>();
  const add = (key: string, reason: string) => why.set(key, [...(why.get(key) ?? []), reason]);
  const clock = (at: Date) => zonedClockTime(at, day.timeZone).slice(0, 5);
  if (day.schoolDay)
    for (const run of runs) {
      const starts = zonedInstant(day.date, run.startTime, day.timeZone);
      const ends = new Date(starts.getTime() + run.lastMinutes * 60_000);
      if (!meets(span, starts, ends)) continue;
      const what = `${run.routeName}'s ${run.run === 'PICKUP' ? 'pickup' : 'drop'} run ${clock(starts)}–${clock(ends)}`;
      add(`driver:${run.driverId}`, `drives ${what}`);
      add(`vehicle:${run.vehicleId}`, `runs ${what}`);
    }
  for (const bus of others) {
    if (!bus.busyFrom || !bus.busyTo || !meets(span, bus.busyFrom, bus.busyTo)) continue;
    const what = `the ${bus.destinationName} trip ${clock(bus.departAt)}–${clock(bus.returnAt)}`;
    if (bus.driverId) add(`driver:${bus.driverId}`, `is scheduled for ${what}`);
    if (bus.vehicleId) add(`vehicle:${bus.vehicleId}`, `is scheduled for ${what}`);
  }
  for (const blocker of blockers) {
    const reason = `has no valid ${blocker.kindName.toLowerCase()} on ${dayInWords(day.date)}`;
    if (blocker.driverId) add(`driver:${blocker.driverId}`, reason);
    if (blocker.vehicleId) add(`vehicle:${blocker.vehicleId}`, reason);
  }
  return why;
}
