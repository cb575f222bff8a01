import { describe, expect, it } from 'vitest';
import { splitIntoWeeks } from '../src/modules/records/reports/report-weeks.js';

const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
/** Every day from `from` to `to`, both included. */
function daysOf(from: string, to: string) {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}
/** 1 for Monday … 7 for Sunday. */
const isoWeekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;

/** 2026-11-23 is a Monday. */
const MONDAY = '2026-11-23';

describe('splitting a report range into whole ISO weeks and edges (decisions 043 and 048)', () => {
  it('reads a week from Monday to Sunday as that week, and a month as its whole weeks and its edges', () => {
    expect(splitIntoWeeks({ from: MONDAY, to: '2026-11-29' })).toEqual({
      weeks: { from: MONDAY, to: MONDAY },
      edges: [],
    });
    // 1 November 2026 is a Sunday, the 30th a Monday.
    expect(splitIntoWeeks({ from: '2026-11-01', to: '2026-11-30' })).toEqual({
      weeks: { from: '2026-11-02', to: '2026-11-23' },
      edges: [
        {
          week: '2026-10-26',
          days: { from: '2026-11-01', to: '2026-11-01' },
          outside: [{ from: '2026-10-26', to: '2026-10-31' }],
        },
        {
          week: '2026-11-30',
          days: { from: '2026-11-30', to: '2026-11-30' },
          outside: [{ from: '2026-12-01', to: '2026-12-06' }],
        },
      ],
    });
  });

  it('reads a range inside one week as one edge with the days on both sides of it outside', () => {
    expect(splitIntoWeeks({ from: '2026-11-25', to: '2026-11-25' })).toEqual({
      weeks: null,
      edges: [
        {
          week: MONDAY,
          days: { from: '2026-11-25', to: '2026-11-25' },
          outside: [
            { from: MONDAY, to: '2026-11-24' },
            { from: '2026-11-26', to: '2026-11-29' },
          ],
        },
      ],
    });
    // Seven days from a Tuesday hold no whole ISO week: two edges.
    expect(splitIntoWeeks({ from: '2026-11-24', to: '2026-11-30' })).toEqual({
      weeks: null,
      edges: [
        {
          week: MONDAY,
          days: { from: '2026-11-24', to: '2026-11-29' },
          outside: [{ from: MONDAY, to: MONDAY }],
        },
        {
          week: '2026-11-30',
          days: { from: '2026-11-30', to: '2026-11-30' },
          outside: [{ from: '2026-12-01', to: '2026-12-06' }],
        },
      ],
    });
  });

  it('covers every day exactly once, with every whole week as a week, from and to every weekday', () => {
    for (let start = 0; start < 7; start++)
      for (let length = 1; length <= 30; length++) {
        const range = { from: addDays(MONDAY, start), to: addDays(MONDAY, start + length - 1) };
        const { weeks, edges } = splitIntoWeeks(range);
        const mondays = weeks ? daysOf(weeks.from, weeks.to).filter((day) => isoWeekday(day) === 1) : [];
        if (weeks) {
          expect(isoWeekday(weeks.from)).toBe(1);
          expect(isoWeekday(weeks.to)).toBe(1);
        }
        const covered = [
          ...mondays.flatMap((monday) => daysOf(monday, addDays(monday, 6))),
          ...edges.flatMap((edge) => daysOf(edge.days.from, edge.days.to)),
        ].sort();
        expect(covered, JSON.stringify(range)).toEqual(daysOf(range.from, range.to));
        expect(mondays.length).toBe(
          daysOf(range.from, range.to).filter((day) => isoWeekday(day) === 1 && addDays(day, 6) <= range.to)
            .length,
        );
        // An edge's days and the days outside the range make up its week, and its week is not a whole one.
        for (const edge of edges) {
          expect(isoWeekday(edge.week)).toBe(1);
          expect(mondays).not.toContain(edge.week);
          expect(
            [edge.days, ...edge.outside].flatMap((part) => daysOf(part.from, part.to)).sort(),
            JSON.stringify(range),
          ).toEqual(daysOf(edge.week, addDays(edge.week, 6)));
          for (const part of edge.outside)
            for (const day of daysOf(part.from, part.to))
              expect(day < range.from || day > range.to, JSON.stringify(range)).toBe(true);
        }
      }
  });
});
