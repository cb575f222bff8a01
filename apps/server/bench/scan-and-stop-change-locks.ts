/**
 * Whether scan batches and a child's stop changing can deadlock (decision 046): for `--seconds`, one connection
 * writes scan batches (the boardings of five seated children of one morning trip, one statement and transaction
 * each, as the driver app's batches are ingested) while another changes those children's morning stop back and
 * forth (one statement and transaction each, as the office or a plan acceptance does). Both reach the trip's rows in
 * the rollups: with the trip locked before the children in one of them, they deadlock (PostgreSQL aborts one,
 * SQLSTATE 40P01). Answers the transactions committed and the deadlocks; the scans written are deleted and the
 * children's stops put back at the end.
 *
 *   cd apps/server && npx tsx bench/scan-and-stop-change-locks.ts --database-url postgres://…/bench [--seconds 15]
 */
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values } = parseArgs({
  options: { 'database-url': { type: 'string' }, seconds: { type: 'string', default: '15' } },
});
if (!values['database-url']) throw new Error('Give --database-url');
const [scans, stops, setup] = [0, 1, 2].map(() => new pg.Client(values['database-url']));
await Promise.all([scans!.connect(), stops!.connect(), setup!.connect()]);

const {
  rows: [trip],
} = await setup!.query<{ id: string; assignment_id: string }>(`select id, assignment_id from trips
  where type = 'PICKUP' and status = 'COMPLETED' and assignment_id is not null order by trip_date desc, id limit 1`);
if (!trip) throw new Error('No completed morning trip: fill the database with history first.');
const { rows: seated } = await setup!.query<{ student_id: string; stop_id: string | null }>(
  `select a.student_id, ss.stop_id from assignment_students a
   left join student_stops ss on ss.student_id = a.student_id and ss.run = 'PICKUP'
   where a.assignment_id = $1 order by a.student_id limit 5`,
  [trip.assignment_id],
);
const children = seated.map((row) => row.student_id);
const { rows: twoStops } = await setup!.query<{ id: string }>(`select id from stops order by id limit 2`);

const until = Date.now() + Number(values.seconds) * 1000;
const counted = { scanBatches: 0, stopChanges: 0, deadlocks: 0 };
const written: string[] = [];

async function repeat(client: pg.Client, work: () => Promise<void>, done: 'scanBatches' | 'stopChanges') {
  while (Date.now() < until) {
    try {
      await client.query('begin');
      await work();
      await client.query('commit');
      counted[done]++;
    } catch (error) {
      await client.query('rollback');
      if ((error as { code?: string }).code !== '40P01') throw error;
      counted.deadlocks++;
    }
  }
}

let change = 0;
await Promise.all([
  repeat(
    scans!,
    async () => {
      const { rows } = await scans!.query<{ event_id: string }>(
        `insert into ridership_events (event_id, trip_id, kind, method, student_id, occurred_at)
         select gen_random_uuid(), $1, 'BOARD', 'NFC', s, now() from unnest($2::uuid[]) s returning event_id`,
        [trip.id, children],
      );
      written.push(...rows.map((row) => row.event_id));
    },
    'scanBatches',
  ),
  repeat(
    stops!,
    async () => {
      change++;
      await stops!.query(
        `update student_stops set stop_id = $1 where run = 'PICKUP' and student_id = any ($2::uuid[])`,
        [twoStops[change % 2]!.id, children],
      );
    },
    'stopChanges',
  ),
]);

// Written scans of rolled-back batches are not there any more; the committed ones go, and the stops come back.
await setup!.query(`delete from ridership_events where event_id = any ($1::uuid[])`, [written]);
for (const { student_id, stop_id } of seated)
  await setup!.query(`update student_stops set stop_id = $1 where run = 'PICKUP' and student_id = $2`, [
    stop_id,
    student_id,
  ]);
console.log(JSON.stringify({ seconds: Number(values.seconds), ...counted }));
await Promise.all([scans!.end(), stops!.end(), setup!.end()]);
