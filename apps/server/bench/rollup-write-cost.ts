/**
 * What the report rollups' triggers (migrations 0021 and 0023) add to writing a day, on a database the reports
 * benchmark filled: one more school day (today, which the history leaves out) written as the history generator
 * writes it (trips, their stops with arrivals, positions, scans: each one INSERT … SELECT), then `--updates` single
 * stop arrivals written one statement each, as the driver app's timeline does, and `--scan-batches` scan batches
 * written as the driver app's batches are ingested (one trip's boardings, one `ingestEvents` statement each), once
 * with the rollup triggers and once with them disabled, each in a transaction rolled back at its end (nothing
 * stays).
 *
 *   cd apps/server && npx tsx bench/rollup-write-cost.ts --database-url postgres://…/bench_d_1m [--updates 300]
 *   [--scan-batches 200] [--position-batches 200] [--order on,off] [--skip-scans] [--rollups triggers|per-day]
 *
 * `--order` may repeat (on,off,on,off): each run is a column of its own, numbered. `0023` runs with the rollups as
 * they were before migration 0024 (decision 043): `on_time_rollup_add` as 0023 wrote it (no week upsert, replaced in
 * the rolled-back transaction) and the rides-per-day triggers off, so `on` minus `0023` is what the weeks add.
 * `0024` runs without migration 0025's route and vehicle rollup triggers (decision 046), so `on` minus `0024` is what
 * they add. `--position-batches N` (default 200) sends, after the scan batches, N live position batches (3 fixes of
 * one of the day's trips each, one `insertPositions` statement each, as a driver app's request is written): every
 * one updates its trip's distance, which 0025 carries to the vehicle's day and week.
 *
 * Disabling a trigger locks its table: run it when nothing else writes to the database.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Transaction } from '../src/db/client.js';
import {
  generateDayScans,
  generateDayTrips,
  type Rollups,
  type StatementTiming,
} from '../src/db/generate/generate-history.js';
import {
  ingestEvents,
  insertPositions,
  type IngestEvent,
} from '../src/modules/operations/ridership/ridership-queries.js';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    updates: { type: 'string', default: '300' },
    'scan-batches': { type: 'string', default: '200' },
    'position-batches': { type: 'string', default: '200' },
    order: { type: 'string', default: 'on,off' },
    'skip-scans': { type: 'boolean', default: false },
    rollups: { type: 'string', default: 'triggers' },
  },
});
if (!values['database-url']) throw new Error('Give --database-url');
if (values.rollups !== 'triggers' && values.rollups !== 'per-day')
  throw new Error('--rollups is triggers or per-day');
const rollups: Rollups = values.rollups;
// Counting the day's scans per day inserts every trip's row: scan batches written before it would be there already.
if (rollups === 'per-day' && Number(values['scan-batches']) > 0 && !values['skip-scans'])
  throw new Error('--rollups per-day writes the day of scans: give --scan-batches 0 (or --skip-scans)');

/** The rollup triggers, by table (the tables' own foreign-key and counting triggers stay on). */
const ROLLUP_TRIGGERS: Record<string, string[]> = {
  trip_stops: [
    'trip_stops_rollup_on_time_insert',
    'trip_stops_rollup_on_time_update',
    'trip_stops_rollup_on_time_delete',
  ],
  trips: [
    'trips_rollup_on_time_update',
    'trips_rollup_on_time_delete',
    'trips_rollup_riders_update',
    'trips_rollup_riders_delete',
    'trips_rollup_trips_insert',
    'trips_rollup_trips_update',
    'trips_rollup_trips_delete',
  ],
  vehicle_positions: [
    'vehicle_positions_rollup_distance_insert',
    'vehicle_positions_rollup_distance_update',
    'vehicle_positions_rollup_distance_delete',
  ],
  ridership_events: [
    'ridership_events_rollup_trip_counts_insert',
    'ridership_events_rollup_trip_counts_update',
    'ridership_events_rollup_trip_counts_delete',
    'ridership_events_rollup_stop_riders_insert',
    'ridership_events_rollup_stop_riders_update',
    'ridership_events_rollup_stop_riders_delete',
  ],
  trip_stop_riders: [
    'trip_stop_riders_rollup_days_insert',
    'trip_stop_riders_rollup_days_update',
    'trip_stop_riders_rollup_days_delete',
  ],
  trip_ridership_counts: [
    'trip_ridership_counts_rollup_routes_insert',
    'trip_ridership_counts_rollup_routes_update',
    'trip_ridership_counts_rollup_routes_delete',
  ],
  trip_distances: [
    'trip_distances_rollup_vehicles_insert',
    'trip_distances_rollup_vehicles_update',
    'trip_distances_rollup_vehicles_delete',
  ],
};

/** Migration 0025's route and vehicle rollup triggers, by table (off in the `0024` mode). */
const TRIP_ROLLUP_TRIGGERS: Record<string, string[]> = {
  trips: ['trips_rollup_trips_insert', 'trips_rollup_trips_update', 'trips_rollup_trips_delete'],
  trip_ridership_counts: ROLLUP_TRIGGERS.trip_ridership_counts!,
  trip_distances: ROLLUP_TRIGGERS.trip_distances!,
};

/** Migration 0024's rides-per-day triggers, by table (off in the `0023` mode). */
const RIDES_PER_DAY_TRIGGERS: Record<string, string[]> = {
  trips: ['trips_rollup_riders_update', 'trips_rollup_riders_delete'],
  trip_stop_riders: ROLLUP_TRIGGERS.trip_stop_riders!,
};

/** `on_time_rollup_add` as migration 0023 wrote it (days only), read from that migration. */
async function onTimeRollupAddOf0023() {
  const migration = await readFile(
    new URL('../src/db/migrations/0023_on-time-rollups.sql', import.meta.url),
    'utf8',
  );
  const statement = migration
    .split('--> statement-breakpoint')
    .find((part) => part.includes('CREATE OR REPLACE FUNCTION "on_time_rollup_add"'));
  if (!statement) throw new Error('on_time_rollup_add not found in migration 0023');
  return statement;
}

async function disableTriggers(tx: Transaction, triggers: Record<string, string[]>) {
  for (const [table, names] of Object.entries(triggers))
    for (const name of names) await tx.execute(sql.raw(`alter table ${table} disable trigger ${name}`));
}

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

/**
 * The time spent so far in this transaction in the functions named, as PostgreSQL counts it with
 * `track_functions = 'pl'` (set at the transaction's start; a function's time includes the triggers its statements
 * set off, such as 0024's rides per day and 0025's route rollups), in ms: on a shared machine the statements' wall
 * time varies more than the triggers cost.
 */
async function functionTime(tx: Transaction, names: string[]) {
  const [row] = await queryRows<{ ms: number | null }>(
    tx,
    sql`select sum(total_time) as ms from pg_stat_xact_user_functions
      where funcname = any (${`{${names.join(',')}}`}::text[])`,
  );
  return Number(row?.ms ?? 0);
}

/** The scan rollup triggers of 0021 (with what they set off). */
const SCAN_TRIGGERS = ['ridership_rollup_counts', 'ridership_rollup_stop_riders'];
const scanTriggerTime = async (tx: Transaction) => ({ ms: await functionTime(tx, SCAN_TRIGGERS) });
/** 0025's trigger on `trip_ridership_counts`, which the scan triggers set off. */
const ROUTE_ROLLUP_TRIGGER = ['trip_ridership_counts_rollup_routes'];

/** The API's largest scan batch (shared RIDERSHIP_BATCH_MAX): a trip's children beyond it are left out. */
const BATCH_MAX = 50;

/**
 * `count` scan batches, each the boardings of one of the day's morning trips (its seated children, at most 50), sent
 * as the ingest route sends a batch: one `ingestEvents` statement. Answers the total, the median and slowest batch
 * and the time spent in the scan rollup triggers.
 */
async function scanBatches(tx: Transaction, count: number): Promise<StatementTiming[]> {
  const seats = await queryRows<{ trip_id: string; student_id: string; user_id: string; at: string }>(
    tx,
    sql`select t.id as trip_id, a.student_id, d.user_id, t.started_at::text as at
      from (select * from trips where trip_date = ${day}::date and type = 'PICKUP' and status = 'COMPLETED'
        order by id limit ${count}) t
      join drivers d on d.id = t.driver_id
      join assignment_students a on a.assignment_id = t.assignment_id
      order by t.id, a.student_id`,
  );
  const byTrip = new Map<string, { userId: string; events: IngestEvent[] }>();
  for (const seat of seats) {
    const batch = byTrip.get(seat.trip_id) ?? { userId: seat.user_id, events: [] };
    byTrip.set(seat.trip_id, batch);
    if (batch.events.length < BATCH_MAX)
      batch.events.push({
        eventId: randomUUID(),
        tripId: seat.trip_id,
        kind: 'BOARD',
        method: 'NFC',
        studentId: seat.student_id,
        tagId: null,
        occurredAt: new Date(seat.at).toISOString(),
        lat: null,
        lng: null,
        accuracy: null,
      });
  }
  const before = await scanTriggerTime(tx);
  const routesBefore = await functionTime(tx, ROUTE_ROLLUP_TRIGGER);
  const times: number[] = [];
  for (const { userId, events } of byTrip.values()) {
    const started = performance.now();
    await ingestEvents(tx, events, { receivedAt: new Date(), recordedBy: userId });
    times.push(performance.now() - started);
  }
  const after = await scanTriggerTime(tx);
  return [
    { step: "the scan rollup triggers' own time in them", ms: after.ms - before.ms, rows: seats.length },
    {
      step: "of which 0025's route rollups",
      ms: (await functionTime(tx, ROUTE_ROLLUP_TRIGGER)) - routesBefore,
      rows: seats.length,
    },
    {
      step: `${times.length} scan batches (a trip's boardings), one statement each`,
      ms: times.reduce((sum, ms) => sum + ms, 0),
      rows: seats.length,
    },
    ...medianAndSlowest('one scan batch', times, Math.round(seats.length / (times.length || 1))),
  ];
}

/** The median and the slowest of `times` (ms), as timings of `rows` rows each. */
function medianAndSlowest(what: string, times: number[], rows: number): StatementTiming[] {
  const sorted = [...times].sort((a, b) => a - b);
  return [
    { step: `${what}, median`, ms: sorted[Math.floor(sorted.length / 2)] ?? 0, rows },
    { step: `${what}, slowest`, ms: sorted.at(-1) ?? 0, rows },
  ];
}

/** Fixes per live position batch: a driver app sends what it recorded since its last request. */
const FIXES_PER_BATCH = 3;

/**
 * `count` position batches, each 3 new fixes of one of the day's completed trips (after its last fix, a few metres
 * apart), written one `insertPositions` statement each. Answers the total, the median and slowest batch, the time
 * in 0021's distance trigger (which includes what its update of `trip_distances` sets off) and in 0025's trigger on
 * `trip_distances` alone.
 */
async function positionBatches(tx: Transaction, count: number): Promise<StatementTiming[]> {
  const trips = await queryRows<{ id: string; vehicle_id: string; at: string; lat: number; lng: number }>(
    tx,
    sql`select t.id, t.vehicle_id, t.completed_at::text as at, s.lat, s.lng
      from (select * from trips where trip_date = ${day}::date and status = 'COMPLETED' order by id limit ${count}) t
      join trip_stops s on s.trip_id = t.id and s.position = 1
      order by t.id`,
  );
  const distance = ['positions_rollup_distance_insert'];
  const vehicles = ['trip_distances_rollup_vehicles'];
  const before = { distance: await functionTime(tx, distance), vehicles: await functionTime(tx, vehicles) };
  const times: number[] = [];
  for (const trip of trips) {
    const rows = Array.from({ length: FIXES_PER_BATCH }, (_, k) => ({
      positionId: randomUUID(),
      tripId: trip.id,
      vehicleId: trip.vehicle_id,
      lat: trip.lat + (k + 1) * 0.0001,
      lng: trip.lng,
      recordedAt: new Date(Date.parse(trip.at) + (k + 1) * 5000),
      receivedAt: new Date(),
      source: 'app',
    }));
    const started = performance.now();
    await insertPositions(tx, rows);
    times.push(performance.now() - started);
  }
  const fixes = trips.length * FIXES_PER_BATCH;
  return [
    {
      step: "the distance trigger's own time in them",
      ms: (await functionTime(tx, distance)) - before.distance,
      rows: fixes,
    },
    {
      step: "of which 0025's vehicle rollups",
      ms: (await functionTime(tx, vehicles)) - before.vehicles,
      rows: fixes,
    },
    {
      step: `${times.length} position batches (${FIXES_PER_BATCH} fixes of a trip), one statement each`,
      ms: times.reduce((sum, ms) => sum + ms, 0),
      rows: fixes,
    },
    ...medianAndSlowest('one position batch', times, FIXES_PER_BATCH),
  ];
}

const results: Record<string, Record<string, string>> = {};
for (const [run, mode] of values.order.split(',').entries()) {
  const timings: StatementTiming[] = [];
  await database.db
    .transaction(async (tx) => {
      if (mode === 'off') await disableTriggers(tx, ROLLUP_TRIGGERS);
      if (mode === '0023') {
        await tx.execute(sql.raw(await onTimeRollupAddOf0023()));
        await disableTriggers(tx, RIDES_PER_DAY_TRIGGERS);
      }
      if (mode === '0023' || mode === '0024') await disableTriggers(tx, TRIP_ROLLUP_TRIGGERS);
      await tx.execute(sql`select setseed(0.5)`);
      await tx.execute(sql`set local track_functions = 'pl'`);
      await generateDayTrips(tx, day, (timing) => timings.push(timing), rollups);
      timings.push(...(await scanBatches(tx, Number(values['scan-batches']))));
      timings.push(...(await positionBatches(tx, Number(values['position-batches']))));
      if (!values['skip-scans']) {
        const before = await scanTriggerTime(tx);
        await generateDayScans(tx, day, (timing) => timings.push(timing), rollups);
        const after = await scanTriggerTime(tx);
        timings.push({
          step: "the scan rollup triggers' own time in the day's scans",
          ms: after.ms - before.ms,
          rows: timings.at(-1)?.rows ?? 0,
        });
      }
      timings.push(await arrivalUpdates(tx, Number(values.updates)));
      throw new RollBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RollBack)) throw error;
    });
  for (const { step, ms, rows } of timings) {
    results[step] ??= { rows: String(rows) };
    results[step]![`${run + 1}: triggers ${mode} (s)`] = (ms / 1000).toFixed(3);
  }
  console.log(new Date().toISOString(), `triggers ${mode} done`);
}
console.table(results);
await database.close();
