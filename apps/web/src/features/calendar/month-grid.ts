import type { CalendarDayKind } from '@school-transport/shared';
import dayjs from 'dayjs';

/** The first and last date of a month ('2026-03' → 2026-03-01 … 2026-03-31), as the API takes them. */
export function monthRange(month: string): { from: string; to: string } {
  const first = dayjs(`${month}-01`);
  return { from: first.format('YYYY-MM-DD'), to: first.endOf('month').format('YYYY-MM-DD') };
}

/**
 * The month's dates laid out in weeks from Monday: null fills the cells before the 1st and after the last day,
 * so that every row has seven cells.
 */
export function monthWeeks(month: string): (string | null)[][] {
  const first = dayjs(`${month}-01`);
  const days = first.daysInMonth();
  // dayjs counts Sunday as 0; the school week starts on Monday.
  const lead = (first.day() + 6) % 7;
  const cells: (string | null)[] = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length: days }, (_, index) => first.add(index, 'day').format('YYYY-MM-DD')),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let start = 0; start < cells.length; start += 7) weeks.push(cells.slice(start, start + 7));
  return weeks;
}

export const shiftMonth = (month: string, by: number) =>
  dayjs(`${month}-01`).add(by, 'month').format('YYYY-MM');

export const KIND_LABELS: Record<CalendarDayKind, string> = {
  SCHOOL_DAY: 'School day',
  HOLIDAY: 'Holiday',
  CLOSURE: 'Closure',
};

/** What a date is, in words: its entry's kind, else the weekday rule's. */
export function dayLabel(schoolDay: boolean, kind: CalendarDayKind | undefined): string {
  if (kind) return KIND_LABELS[kind];
  return schoolDay ? 'School day' : 'No school (weekend)';
}
