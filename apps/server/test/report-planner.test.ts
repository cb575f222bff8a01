import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportId } from '@school-transport/shared';
import { text } from 'node:stream/consumers';
import { queryRows, type Database, type Executor } from '../src/db/client.js';
import type { CopyCsvOut } from '../src/db/copy-out.js';
import { createReportsService } from '../src/modules/records/reports/reports-service.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Settings {
  nestloop: string;
  jit: string;
}
const SETTINGS = sql`select current_setting('enable_nestloop') as nestloop, current_setting('jit') as jit`;
const dialect = new PgDialect();

/**
 * The database as the reports service sees it, except that each transaction's statements over the per-stop
 * rollups (the page, its count, the cursor's DECLARE) first read the planner settings in force in that
 * transaction: what the statement is planned with.
 */
function watched(db: Database, seen: Settings[]): Database {
  const spy = (tx: Executor) =>
    new Proxy(tx, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver) as unknown;
        return async (query: SQL) => {
          if (/stop_(rider|on_time)_(days|weeks)/.test(dialect.sqlToQuery(query).sql))
            seen.push(...(await queryRows<Settings>(target, SETTINGS)));
          return target.execute(query);
        };
      },
    });
  return new Proxy(db, {
    get(target, key, receiver) {
      if (key !== 'transaction') return Reflect.get(target, key, receiver) as unknown;
      return (work: (tx: Executor) => Promise<unknown>) => target.transaction((tx) => work(spy(tx)));
    },
  });
}

/**
 * PostgreSQL's CSV writer as the reports service sees it, except that the settings in force are read once the
 * statement is built: what the COPY is planned with.
 */
function watchedCopy(copyCsv: CopyCsvOut | undefined, seen: Settings[]): CopyCsvOut | undefined {
  return (
    copyCsv &&
    ((query) =>
      copyCsv(async (tx) => {
        const statement = await query(tx);
        seen.push(...(await queryRows<Settings>(tx, SETTINGS)));
        return statement;
      }))
  );
}

/**
 * The planner setting each statement of a per-stop report's table (two pages) and CSV ran with. The CSV is
 * PostgreSQL's COPY on that engine, the cursor's on PGlite.
 */
async function plannedWith(report: ReportId) {
  const seen: Settings[] = [];
  const reports = createReportsService({
    db: watched(t.app.database.db, seen),
    copyCsv: watchedCopy(t.app.database.copyCsv, seen),
    clock: () => new Date('2026-06-10T12:00:00Z'),
    timeZone: 'UTC',
    onTimeMinutes: 5, // the rollups' own tolerance, so that they are read
  });
  const range = { from: '2026-05-04', to: '2026-06-05' };
  await reports.table(report, { ...range, page: 1 });
  await reports.table(report, { ...range, page: 1000 }); // past the end: counted on its own
  const csv = await reports.csv(report, range).stream;
  expect((await text(csv)).split('\r\n')).toHaveLength(2); // the header alone: no rollup rows were written
  return seen;
}

describe('planner settings of the per-stop reports (decisions 047 and 048)', () => {
  it('are in force for their statements, in the table and the CSV, and stay in their transaction', async () => {
    const db = t.app.database.db;
    const [before] = await queryRows<Settings>(db, SETTINGS);
    expect(before!.nestloop).toBe('on');
    expect(before!.jit).toBe('on');

    // Ridership per stop: names joined by hash (the planner guesses 200 stops and would loop over them).
    const riders = await plannedWith('ridership-stops');
    expect(riders.length).toBeGreaterThanOrEqual(4);
    expect(new Set(riders.map((each) => each.nestloop))).toEqual(new Set(['off']));
    expect(new Set(riders.map((each) => each.jit))).toEqual(new Set(['off']));

    // On time per stop: nested loops kept for its fallback over the trips' stops.
    const onTime = await plannedWith('on-time-stops');
    expect(onTime.length).toBeGreaterThanOrEqual(4);
    expect(new Set(onTime.map((each) => each.nestloop))).toEqual(new Set(['on']));
    expect(new Set(onTime.map((each) => each.jit))).toEqual(new Set(['off']));

    // `set local`: gone with the report's transaction (PGlite has one connection, so a leak would show here).
    expect((await queryRows<Settings>(db, SETTINGS))[0]).toEqual(before);
  });
});
