/**
 * What the report rollups' triggers (migrations 0021 and 0023) add to writing a day, on a database the reports
 * benchmark filled: one more school day (today, which the history leaves out) written as the history generator
 * writes it (trips, their stops with arrivals, positions, scans: each one INSERT … SELECT), then `--updates` single
 * stop arrivals written one statement each, as the driver app's timeline does, once with the rollup triggers and
 * once with them disabled, each in a transaction rolled back at its end (nothing stays).
 *
 *   cd apps/server && npx tsx bench/rollup-write-cost.ts --database-url postgres://…/bench_d_1m [--updates 300]
 *   [--order on,off] [--skip-scans]
 *
 * Disabling a trigger locks its table: run it when nothing else writes to the database.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Transaction } from '../src/db/client.js';
import {
  generateDayScans,
  generateDayTrips,
  type StatementTiming,
} from '../src/db/generate/generate-history.js';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    updates: { type: 'string', default: '300' },
    order: { type: 'string', default: 'on,off' },
    'skip-scans': { type: 'boolean', default: false },
  },
});
if (!values['database-url']) throw new Error('Give --database-url');

/** The rollup triggers, by table (the tables' own foreign-key and counting triggers stay on). */
const ROLLUP_TRIGGERS: Record<string, string[]> = {
  trip_stops: [
    'trip_stops_rollup_on_time_insert',
    'trip_stops_rollup_on_time_update',
    'trip_stops_rollup_on_time_delete',
  ],
  trips: ['trips_rollup_on_time_update', 'trips_rollup_on_time_delete'],
  vehicle_positions: [
    'vehicle_positions_rollup_distance_insert',
    'vehicle_positions_rollup_distance_update',
    'vehicle_positions_rollup_distance_delete',
  ],
  ridership_events: [
    'ridership_events_rollup_counts_insert',
    'ridership_events_rollup_counts_update',
    'ridership_events_rollup_counts_delete',
    'ridership_events_rollup_stop_riders_insert',
    'ridership_events_rollup_stop_riders_update',
    'ridership_events_rollup_stop_riders_delete',
  ],
};

class RollBack extends Error {}

const database = await openDatabase({ kind: 'postgres', url: values['database-url'] });
const [today] = await queryRows<{ day: string }>(database.db, sql`select current_date::text as day`);
const day = today!.day;

async function arrivalUpdates(tx: Transaction, count: number) {
  const stops = await queryRows<{ trip_id: string; position: number }>(
    tx,
    sql`select ts.trip_id, ts.position from trip_stops ts join trips t on t.id = ts.trip_id
      where t.trip_date = ${day}::date and ts.arrived_at is not null order by ts.trip_id, ts.position limit ${count}`,
  );
  const started = performance.now();
  for (const stop of stops) {
    await tx.execute(sql`update trip_stops set arrived_at = arrived_at + interval '20 seconds'
      where trip_id = ${stop.trip_id} and position = ${stop.position}`);
  }
  return {
    step: `${stops.length} arrival updates, one statement each`,
    ms: performance.now() - started,
    rows: stops.length,
  };
}

const results: Record<string, Record<string, string>> = {};
for (const mode of values.order.split(',')) {
  const timings: StatementTiming[] = [];
  await database.db
    .transaction(async (tx) => {
      if (mode === 'off') {
        for (const [table, triggers] of Object.entries(ROLLUP_TRIGGERS))
          for (const trigger of triggers)
            await tx.execute(sql.raw(`alter table ${table} disable trigger ${trigger}`));
      }
      await tx.execute(sql`select setseed(0.5)`);
      await generateDayTrips(tx, day, (timing) => timings.push(timing));
      if (!values['skip-scans']) await generateDayScans(tx, day, (timing) => timings.push(timing));
      timings.push(await arrivalUpdates(tx, Number(values.updates)));
      throw new RollBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RollBack)) throw error;
    });
  for (const { step, ms, rows } of timings) {
    results[step] ??= { rows: String(rows) };
    results[step]![`triggers ${mode} (s)`] = (ms / 1000).toFixed(2);
  }
  console.log(new Date().toISOString(), `triggers ${mode} done`);
}
console.table(results);
await database.close();
