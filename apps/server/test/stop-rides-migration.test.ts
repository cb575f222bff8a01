import { readFile } from 'node:fs/promises';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { generateDataset } from '../src/db/generate/generate-dataset.js';
import { adminTestApp } from './support/requests.js';

/**
 * Migration 0026 (decision 048) turns the ridership rollups' row per stop, day (or week) and run into one row per
 * stop and day (or week) with pickups and drop-offs. A test database starts empty, so the migration's backfill never
 * sees a row there: here it runs on the rows of generated history laid out as 0024 kept them, and must give back
 * what the triggers keep.
 */
const { t } = adminTestApp();
const db = () => t.app.database.db;

const MIGRATION = new URL('../src/db/migrations/0026_stop-rides-per-stop.sql', import.meta.url);

/** The migration's statements that fill the new tables from the old and drop the old. */
async function backfillStatements() {
  const statements = (await readFile(MIGRATION, 'utf8'))
    .split('--> statement-breakpoint')
    .map((s) => s.trim());
  const backfill = statements.filter(
    (statement) => statement.startsWith('INSERT INTO') || statement.startsWith('DROP TABLE'),
  );
  expect(backfill).toHaveLength(4);
  return backfill;
}

const everyRow = (table: string, period: string) =>
  queryRows<Record<string, unknown>>(
    db(),
    sql`select ${sql.raw(period)}::text as period, stop_id::text, pickups, drop_offs from ${sql.raw(table)}
      where pickups <> 0 or drop_offs <> 0 order by 1, 2 nulls first`,
  );

/** The old layout (0024): a row per stop, period and run, from trip_stop_riders by its trip's day and run. */
const perRun = (period: SQL) => sql`
  select ${period} as period, r.stop_id, t.type, sum(r.riders)::int as riders
  from trip_stop_riders r join trips t on t.id = r.trip_id
  group by 1, 2, 3 having sum(r.riders) <> 0`;

describe('migration 0026: rides per stop with both runs in one row', () => {
  it('fills the new rollups from the rows per run as the triggers keep them', async () => {
    await generateDataset(db(), { students: 200, schoolDays: 8, history: true });
    const days = await everyRow('stop_rider_days', 'trip_date');
    const weeks = await everyRow('stop_rider_weeks', 'week_start');
    expect(days.length).toBeGreaterThan(0);
    // Some stops have both runs in one row: the case the migration merges.
    expect(days.some((row) => Number(row.pickups) > 0 && Number(row.drop_offs) > 0)).toBe(true);

    await db().execute(sql`create table stop_rider_days_per_run as ${perRun(sql`t.trip_date`)}`);
    await db().execute(
      sql`create table stop_rider_weeks_per_run as ${perRun(sql`iso_week_start(t.trip_date)`)}`,
    );
    await db().execute(sql`alter table stop_rider_days_per_run rename column period to trip_date`);
    await db().execute(sql`alter table stop_rider_weeks_per_run rename column period to week_start`);
    await db().execute(sql`delete from stop_rider_days`);
    await db().execute(sql`delete from stop_rider_weeks`);

    for (const statement of await backfillStatements()) await db().execute(sql.raw(statement));
    expect(await everyRow('stop_rider_days', 'trip_date')).toEqual(days);
    expect(await everyRow('stop_rider_weeks', 'week_start')).toEqual(weeks);
    const [left] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from pg_tables where tablename like 'stop_rider_%_per_run'`,
    );
    expect(left!.n).toBe(0);
  });
});
