import { sql } from 'drizzle-orm';
import type { ReportRange } from '@school-transport/shared';
import { queryRows, type Database } from '../../src/db/client.js';
import { generateDataset } from '../../src/db/generate/generate-dataset.js';

export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Generated history over three weeks (300 children, 13 school days) for the week-rollup tests, and the ranges they
 * read: from each weekday of the first week, over a day, less than a week, a week and a half and more than two weeks
 * (`ranges`), and four whole weeks from its Monday (`whole`).
 */
export async function historyOverWeeks(db: Database) {
  await generateDataset(db, { students: 300, schoolDays: 13, history: true });
  const [first] = await queryRows<{ monday: string }>(
    db,
    sql`select iso_week_start(min(trip_date))::text as monday from trips`,
  );
  const monday = first!.monday;
  const ranges: ReportRange[] = Array.from({ length: 7 }, (_, start) =>
    [1, 6, 10, 17].map((length) => ({
      from: addDays(monday, start),
      to: addDays(monday, start + length - 1),
    })),
  ).flat();
  return { ranges, whole: { from: monday, to: addDays(monday, 27) } };
}
