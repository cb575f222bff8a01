import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../src/db/client.js';
import { generateDataset } from '../src/db/generate/generate-dataset.js';
import { generateHistory } from '../src/db/generate/generate-history.js';
import { onTimeByStop, onTimeFromStops } from '../src/modules/records/reports/reports-queries.js';
import { adminTestApp } from './support/requests.js';

type HistoryCounts = Record<
  'days' | 'trips' | 'completed' | 'arrivals' | 'scan_days' | 'positions' | 'measured',
  number
>;

/**
 * The reports' benchmark history (generate-history.ts): a day per transaction after the children, every completed
 * trip with its stops' arrivals, positions and scans, the rollups kept by the triggers as it goes, and a second run
 * adding nothing (a stopped run goes on where it stopped).
 */
describe('the history generator', () => {
  const { t } = adminTestApp();

  it('writes whole school days, keeps the rollups and adds nothing the second time', async () => {
    const db = t.app.database.db;
    await generateDataset(db, { students: 150, schoolDays: 2, history: true });
    const count = async () => {
      const [row] = await queryRows<HistoryCounts>(
        db,
        sql`select (select count(distinct trip_date)::int from trips) as days, (select count(*)::int from trips) as trips,
          (select count(*)::int from trips where status = 'COMPLETED') as completed,
          (select count(*)::int from trip_stops ts join trips t on t.id = ts.trip_id
            where t.status = 'COMPLETED' and ts.arrived_at is not null) as arrivals,
          (select count(distinct t.trip_date)::int from ridership_events e join trips t on t.id = e.trip_id) as scan_days,
          (select count(*)::int from vehicle_positions) as positions,
          (select count(*)::int from trip_distances where km > 0) as measured`,
      );
      return row!;
    };
    const first = await count();
    expect(first.days).toBe(2);
    expect(first.completed).toBeGreaterThan(0);
    expect(first.arrivals).toBe(first.completed * 6);
    expect(first.scan_days).toBe(2);
    expect(first.measured).toBe(first.completed);
    const month = { from: '2000-01-01', to: '2100-01-01' };
    expect(await onTimeByStop(db, month, 5)).toEqual(await onTimeFromStops(db, month, 5, 'stop'));

    const again = await generateHistory(db, { schoolDays: 2 });
    expect(again.days).toHaveLength(2);
    expect(await count()).toEqual(first);
  });
});

describe('the history generator counting rollups per day', () => {
  const { t } = adminTestApp();

  it('counts them as the triggers count them', async () => {
    const db = t.app.database.db;
    await generateDataset(db, { students: 150, schoolDays: 3, history: true });
    const perDay = await rollups(db);
    expect(perDay.trip_ridership_counts!.length).toBeGreaterThan(0);
    expect(perDay.stop_on_time_days!.length).toBeGreaterThan(0);
    expect(perDay.route_trip_weeks!.length).toBeGreaterThan(0);
    expect(perDay.vehicle_trip_weeks!.length).toBeGreaterThan(0);

    // The same trips, trip stops, positions and scans written again with the triggers on, from empty rollups.
    await db.transaction(async (tx) => {
      for (const table of WRITTEN)
        await tx.execute(sql`create temporary table ${sql.raw(`again_${table}`)} on commit drop as
          select * from ${sql.raw(table)}`);
      await tx.execute(sql`set local session_replication_role = replica`);
      for (const table of [...WRITTEN].reverse()) await tx.execute(sql`delete from ${sql.raw(table)}`);
      for (const table of ROLLUP_TABLES) await tx.execute(sql`delete from ${sql.raw(table)}`);
      await tx.execute(sql`set local session_replication_role = origin`);
      for (const table of WRITTEN)
        await tx.execute(sql`insert into ${sql.raw(table)} select * from ${sql.raw(`again_${table}`)}`);
    });
    expect(await rollups(db)).toEqual(perDay);
  });
});

/**
 * What the generator writes that the rollups count, in the order the triggers need them (the trips too: the route
 * and vehicle rollups count them, and the generator writes them with the triggers on in both modes).
 */
const WRITTEN = ['trips', 'trip_stops', 'vehicle_positions', 'ridership_events'];
/** Every table kept by a trigger on what the generator writes. */
const ROLLUP_TABLES = [
  'route_on_time_days',
  'stop_on_time_days',
  'trip_distances',
  'trip_ridership_counts',
  'trip_stop_riders',
  'stop_on_time_weeks',
  'stop_rider_days',
  'stop_rider_weeks',
  'route_trip_days',
  'route_trip_weeks',
  'vehicle_trip_days',
  'vehicle_trip_weeks',
];

/**
 * Every rollup's rows, in one order, without zero rows (a trigger may leave a row at zero where counting per day
 * writes none) and with distances to a millimetre (the same legs summed in another order).
 */
async function rollups(db: Database) {
  const tables: Record<string, string[]> = {};
  for (const table of ROLLUP_TABLES) {
    const rows = await queryRows<Record<string, unknown>>(db, sql`select * from ${sql.raw(table)}`);
    tables[table] = rows
      .map((row) =>
        JSON.stringify(
          Object.entries(row).map(([key, value]) => [
            key,
            typeof value === 'number' ? Math.round(value * 1e6) / 1e6 : value,
          ]),
        ),
      )
      .sort();
  }
  return tables;
}
