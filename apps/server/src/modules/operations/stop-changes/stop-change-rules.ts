import { RUNS, type Run, type StopChangeKind, type StopChangeRun } from '@school-transport/shared';

/** The days and runs a change covers: what the rules below compare. */
export interface Coverage {
  kind: StopChangeKind;
  date: string | null;
  weekdays: number[] | null;
  validFrom: string | null;
  validUntil: string | null;
  run: StopChangeRun;
}

export const runsOf = (run: StopChangeRun): Run[] => (run === 'BOTH' ? [...RUNS] : [run]);

/** The ISO weekday of a calendar date (1 Monday … 7 Sunday); the date has no time zone, so UTC reads it as is. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/**
 * Whether the change covers `date` (any run): the seat count's question about other changes. Which change holds
 * on a day is the database's (stop-change-queries' coversDay), where the manifests and the scans ask it.
 */
export function coversDate(change: Coverage, date: string): boolean {
  if (change.kind === 'ONE_OFF') return change.date === date;
  if (change.validFrom && date < change.validFrom) return false;
  if (change.validUntil && date > change.validUntil) return false;
  return (change.weekdays ?? []).includes(isoWeekday(date));
}

/**
 * Whether two changes may fall on one day and run. Two weekly ones meet when they share a weekday and their
 * dates overlap; whether that weekday really falls inside a short overlap is not worked out (a seat count that
 * errs towards "full" is the safe side).
 */
export function mayMeet(a: Coverage, b: Coverage): boolean {
  if (!runsOf(a.run).some((run) => runsOf(b.run).includes(run))) return false;
  if (a.kind === 'ONE_OFF') return coversDate(b, a.date!);
  if (b.kind === 'ONE_OFF') return coversDate(a, b.date!);
  const shareWeekday = (a.weekdays ?? []).some((day) => (b.weekdays ?? []).includes(day));
  const startsBeforeOtherEnds = (x: Coverage, y: Coverage) =>
    !x.validFrom || !y.validUntil || x.validFrom <= y.validUntil;
  return shareWeekday && startsBeforeOtherEnds(a, b) && startsBeforeOtherEnds(b, a);
}

/**
 * Seats left on the target for `change`: the vehicle's capacity less the seated children and every approved
 * arrival (of a child seated elsewhere) that may share a day and run with it, the change itself included once it is
 * approved. Seats a child moved away on some day
 * might leave are not counted on: the seated children are the plan.
 */
export function seatsLeftFor(
  change: Coverage,
  seats: { capacity: number; seated: number },
  arrivals: Coverage[],
): number {
  const meeting = arrivals.filter((other) => mayMeet(change, other));
  return seats.capacity - seats.seated - meeting.length;
}
