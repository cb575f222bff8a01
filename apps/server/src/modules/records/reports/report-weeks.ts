import type { ReportRange } from '@school-transport/shared';

/**
 * How a range is read from rollups kept per day and per ISO week (migration 0024, decisions 043 and 048): the weeks
 * lying wholly inside it (`weeks`: the first and the last such week's Monday, or none) and its edges (`edges`: zero,
 * one or two weeks the range covers only in part). An edge is read as its days inside the range, or, when no trip
 * falls on the days of its week outside the range (a weekend, the days after the last trip), as its week's row,
 * which then holds exactly those days: every rollup is keyed by its trip's day, so a day without trips has no rows.
 * Together they cover every day of the range exactly once.
 */
export interface WeekSplit {
  weeks: { from: string; to: string } | null;
  edges: WeekEdge[];
}

/** A week the range covers only in part. */
export interface WeekEdge {
  /** The week's Monday. */
  week: string;
  /** The range's days in that week. */
  days: ReportRange;
  /** The week's days outside the range (one or two spans): with no trip on any, the week can be read instead. */
  outside: ReportRange[];
}

const DAY_MS = 86_400_000;
const toDay = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const fromDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** 0 for Monday … 6 for Sunday (day 0, 1970-01-01, was a Thursday). */
const weekday = (day: number) => (((day + 3) % 7) + 7) % 7;
const span = (from: number, to: number): ReportRange => ({ from: fromDay(from), to: fromDay(to) });

/** The part of the range in the week of `monday`, or none when the range covers that whole week. */
function edge(monday: number, from: number, to: number): WeekEdge | null {
  const [first, last] = [Math.max(from, monday), Math.min(to, monday + 6)];
  const outside: ReportRange[] = [];
  if (first > monday) outside.push(span(monday, first - 1));
  if (last < monday + 6) outside.push(span(last + 1, monday + 6));
  return outside.length === 0 ? null : { week: fromDay(monday), days: span(first, last), outside };
}

export function splitIntoWeeks(range: ReportRange): WeekSplit {
  const [from, to] = [toDay(range.from), toDay(range.to)];
  const [firstMonday, lastMonday] = [from - weekday(from), to - weekday(to)];
  const first = edge(firstMonday, from, to);
  if (lastMonday === firstMonday)
    return first ? { weeks: null, edges: [first] } : { weeks: span(firstMonday, firstMonday), edges: [] };
  const last = edge(lastMonday, from, to);
  const [wholeFrom, wholeTo] = [first ? firstMonday + 7 : firstMonday, last ? lastMonday - 7 : lastMonday];
  return {
    weeks: wholeFrom <= wholeTo ? span(wholeFrom, wholeTo) : null,
    edges: [first, last].filter((part): part is WeekEdge => part !== null),
  };
}
