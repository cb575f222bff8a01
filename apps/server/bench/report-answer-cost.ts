/**
 * Where a report's answer time goes, piece by piece, on a generated database: an app built in this process, each
 * piece run once to warm up, then `--runs` rounds of every piece in turn (median wall ms, this process's CPU ms):
 *   - the statement through the server's pool (the extended protocol, parameters bound), in the report's transaction;
 *   - the same statement as plain text with the parameters written in (the simple protocol, as psql sends it);
 *   - the service's table (statement, transaction, row mapping);
 *   - the answer's schema check and JSON (what the route's serializer does), on that table;
 *   - the whole JSON answer through `inject`, uncompressed and with brotli, and the CSV through `inject`.
 * The month is the last 30 days with trips, as bench/reports.ts reads it.
 *
 *   cd apps/server && npx tsx bench/report-answer-cost.ts --database-url postgres://…/bench_c [--report vehicle-use]
 * Options: --runs 5, --report R (repeatable; default vehicle-use), --explain (EXPLAIN ANALYZE through the pool).
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { safeEncode } from 'zod';
import { answerSchema, reportTableSchema, type ReportId } from '@school-transport/shared';
import { queryRows } from '../src/db/client.js';
import { createReportsService } from '../src/modules/records/reports/reports-service.js';
import { orderedRows, vehicleUse, withReportMemory } from '../src/modules/records/reports/reports-queries.js';
import { loadConfig } from '../src/config.js';
import { success } from '../src/lib/envelope.js';
import { benchAppInProcess } from './bench-server.js';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    runs: { type: 'string', default: '5' },
    report: { type: 'string', multiple: true },
    explain: { type: 'boolean', default: false },
  },
});
const databaseUrl = values['database-url'];
if (!databaseUrl) throw new Error('Give --database-url');
const runs = Number(values.runs);
const reportIds = (values.report ?? ['vehicle-use']) as ReportId[];

const { app, token } = await benchAppInProcess(databaseUrl);
const db = app.database.db;
const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: databaseUrl });
const reports = createReportsService({
  db,
  clock: () => new Date(),
  timeZone: config.timeZone,
  onTimeMinutes: config.reports.onTimeMinutes,
});
const [month] = await queryRows<{ from: string; to: string }>(
  db,
  sql`select (max(trip_date) - 29)::text as from, max(trip_date)::text as to from trips where trip_date < current_date`,
);
if (!month?.to) throw new Error('The database has no trips to report on');
const range = { from: month.from, to: month.to };

interface Piece {
  name: string;
  work: () => Promise<unknown>;
  times: number[];
  cpuMs: number;
}
const pieces: Piece[] = [];
const piece = (name: string, work: () => Promise<unknown>) =>
  pieces.push({ name, work, times: [], cpuMs: 0 });

/** Every piece once to warm up, then `runs` rounds of every piece in turn, so the machine's load weighs on all. */
async function measure() {
  for (const each of pieces) await each.work();
  for (let round = 0; round < runs; round++) {
    for (const each of pieces) {
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      await each.work();
      each.times.push(performance.now() - started);
      const cpu = process.cpuUsage(cpuBefore);
      each.cpuMs += (cpu.user + cpu.system) / 1000;
    }
  }
  return pieces.map(({ name, times, cpuMs }) => {
    const sorted = [...times].sort((a, b) => a - b);
    return {
      piece: name,
      'median ms': Math.round(sorted[Math.floor(sorted.length / 2)]!),
      'slowest ms': Math.round(sorted.at(-1)!),
      'CPU ms': Math.round(cpuMs / runs),
    };
  });
}

async function inject(url: string, encoding: string) {
  const answer = await app.inject({
    method: 'GET',
    url,
    headers: { authorization: token, 'accept-encoding': encoding },
  });
  if (answer.statusCode !== 200)
    throw new Error(`GET ${url}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
  return answer.rawPayload.length;
}

const dialect = new PgDialect();
/** A statement's text with its parameters written in as literals, as one would paste it into psql. */
function literal(query: ReturnType<typeof orderedRows>): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return text.replace(/\$(\d+)/g, (_, index: string) => {
    const value = params[Number(index) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
}

const query = `from=${range.from}&to=${range.to}`;
try {
  for (const report of reportIds) {
    if (report === 'vehicle-use') {
      const statement = orderedRows(vehicleUse(range));
      piece(`${report}: statement, bound parameters`, () =>
        withReportMemory(db, (tx) => queryRows(tx, statement)),
      );
      const text = literal(statement);
      piece(`${report}: statement, literal text`, () =>
        withReportMemory(db, (tx) => tx.execute(sql.raw(text))),
      );
      if (values.explain) {
        const plan = await withReportMemory(db, (tx) =>
          queryRows<{ 'QUERY PLAN': string }>(tx, sql`explain (analyze, buffers) ${statement}`),
        );
        console.log(plan.map((line) => line['QUERY PLAN']).join('\n'));
      }
    }
    const table = await reports.table(report, { ...range, page: 1 });
    console.log(`${report}, ${range.from} to ${range.to}: ${table.rows.length} rows`);
    piece(`${report}: service table`, () => reports.table(report, { ...range, page: 1 }));
    const schema = answerSchema(reportTableSchema);
    piece(`${report}: schema + JSON`, async () => JSON.stringify(safeEncode(schema, success(table)).data));
    for (const encoding of ['identity', 'br']) {
      piece(`${report}: JSON answer, ${encoding}`, () => inject(`/api/reports/${report}?${query}`, encoding));
      piece(`${report}: CSV, ${encoding}`, () => inject(`/api/reports/${report}/csv?${query}`, encoding));
    }
  }
  console.log(`${runs} rounds after one to warm up`);
  console.table(await measure());
} finally {
  await app.close();
}
