import type { ReportRange } from '@school-transport/shared';

/**
 * How a range is read from rollups kept per day and per ISO week (migration 0024, decision 043): the weeks lying
 * wholly inside it (`weeks`: the first and the last such week's Monday, or none) and the days left at its edges
 * (`days`: zero, one or two ranges, before the first whole week and after the last). Together they cover every day
 * of the range exactly once. A range with no whole week in it is read as days.
 */
export interface WeekSplit {
  weeks: { from: string; to: string } | null;
  days: ReportRange[];
}

const DAY_MS = 86_400_000;
const toDay = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const fromDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** 0 for Monday … 6 for Sunday (day 0, 1970-01-01, was a Thursday). */
const weekday = (day: number) => (((day + 3) % 7) + 7) % 7;

export function splitIntoWeeks(range: ReportRange): WeekSplit {
  const from = toDay(range.from);
  const to = toDay(range.to);
  const firstMonday = from + ((7 - weekday(from)) % 7);
  const lastSunday = to - ((weekday(to) + 1) % 7);
  if (lastSunday - firstMonday < 6) return { weeks: null, days: [range] };
  const days: ReportRange[] = [];
  if (from < firstMonday) days.push({ from: range.from, to: fromDay(firstMonday - 1) });
  if (lastSunday < to) days.push({ from: fromDay(lastSunday + 1), to: range.to });
  return { weeks: { from: fromDay(firstMonday), to: fromDay(lastSunday - 6) }, days };
}
