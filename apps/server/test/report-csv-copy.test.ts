import { text } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { REPORT_IDS } from '@school-transport/shared';
import { queryRows } from '../src/db/client.js';
import { copyCsvOut } from '../src/db/copy-out.js';
import { generateDataset } from '../src/db/generate/generate-dataset.js';
import { crlfRowEnds } from '../src/lib/csv-copy.js';
import { createReportsService } from '../src/modules/records/reports/reports-service.js';
import { adminTestApp } from './support/requests.js';
import { TEST_DB } from './support/test-app.js';

describe("COPY's row ends made CRLF (decision 049)", () => {
  const widen = (chunks: string[]) => {
    const next = crlfRowEnds();
    return chunks.map((chunk) => next(Buffer.from(chunk)).toString()).join('');
  };

  it('widens the LF that ends a row, not one inside a quoted cell, across chunk boundaries', () => {
    const copied = 'a,1\n"two\nlines",2\n"say ""hi""\n",3\n"ends in CR\r",4\n';
    const wanted = 'a,1\r\n"two\nlines",2\r\n"say ""hi""\n",3\r\n"ends in CR\r",4\r\n';
    expect(widen([copied])).toBe(wanted);
    // Every way of cutting it in two, and one byte at a time.
    for (let cut = 0; cut <= copied.length; cut++)
      expect(widen([copied.slice(0, cut), copied.slice(cut)])).toBe(wanted);
    expect(widen([...copied])).toBe(wanted);
  });

  it('hands back a chunk without a row end as it is', () => {
    const chunk = Buffer.from('"half a row, still quoted');
    expect(crlfRowEnds()(chunk)).toBe(chunk);
  });
});

describe.skipIf(TEST_DB !== 'postgres')("reports' CSVs written by PostgreSQL (decision 049)", () => {
  const { t } = adminTestApp();
  const pools: pg.Pool[] = [];
  afterAll(() => Promise.all(pools.map((pool) => pool.end())));
  const poolOfTheTestDatabase = () => {
    const config = t.config.database;
    if (config.kind !== 'postgres') throw new Error('PostgreSQL only');
    const pool = new pg.Pool({ connectionString: config.url, max: 2 });
    pools.push(pool);
    return pool;
  };

  it('are byte for byte the CSVs the server writes from a cursor, for every report', async () => {
    const db = t.app.database.db;
    await generateDataset(db, { students: 600, schoolDays: 2, history: true });
    // Names that a CSV writer must quote or neutralise, on stops, routes, vehicles, credentials, defects and trips.
    const awkward = [
      '=HYPERLINK("http://x")',
      '+1 bus',
      '-5',
      '@home',
      '\tTabbed',
      '\rCarriage',
      'Comma, and more',
      'Say "hi"',
      'Two\nlines',
      'Windows\r\nlines',
      "It's a \\ backslash",
      'Ünïcødé 🚌',
    ];
    const renamed = async (table: string, column: string) => {
      const names = sql.join(
        awkward.map((name) => sql`${name}`),
        sql`, `,
      );
      await db.execute(sql`update ${sql.identifier(table)} x set ${sql.identifier(column)} = (array[${names}])[n.n] || n.n
        from (select id, row_number() over (order by id) as n from ${sql.identifier(table)}) n
        where n.id = x.id and n.n <= ${awkward.length}`);
    };
    await renamed('stops', 'name');
    await renamed('routes', 'name');
    await renamed('vehicles', 'license_plate');
    await renamed('credentials', 'number');
    await renamed('inspection_defects', 'note');
    // A few covered runs (decision 054), their planned driver named awkwardly and their planned vehicle unknown.
    await renamed('trips', 'planned_driver_name');
    await db.execute(sql`update inspection_defects set note = ''
      where id = (select id from inspection_defects where note not like '%1' order by id desc limit 1)`);
    await db.execute(sql`update inspection_defects set note = null
      where id = (select id from inspection_defects where note not like '%1' and note <> '' order by id limit 1)`);

    const [span] = await queryRows<{ from: string; to: string }>(
      db,
      sql`select min(trip_date)::text as from, (max(trip_date) + 400)::text as to from trips`,
    );
    const options = {
      db,
      clock: () => new Date(),
      timeZone: t.config.timeZone,
      onTimeMinutes: t.config.reports.onTimeMinutes,
    };
    const byCopy = createReportsService({ ...options, copyCsv: t.app.database.copyCsv });
    const byCursor = createReportsService(options);
    const everyCell: string[] = [];
    for (const report of REPORT_IDS) {
      const copied = await text(await byCopy.csv(report, span!).stream);
      const written = await text(await byCursor.csv(report, span!).stream);
      expect(copied, report).toBe(written);
      const [, ...records] = parse(copied, { bom: true, relax_quotes: false }) as string[][];
      expect(records.length, report).toBeGreaterThan(0);
      everyCell.push(...records.flat());
    }
    // The awkward values were there to be written, neutralised where a spreadsheet would run them.
    expect(everyCell).toContain(`'=HYPERLINK("http://x")1`);
    expect(everyCell).toContain(`'-53`);
    expect(everyCell).toContain(`'\tTabbed5`);
    expect(everyCell).toContain('Two\nlines9');
    expect(everyCell).toContain('Windows\r\nlines10');
    expect(everyCell).toContain("It's a \\ backslash11");
    expect(everyCell).toContain('true');
    expect(everyCell).toContain('');
  });

  it('answer a failing statement before any byte, and give the connection back', async () => {
    const pool = poolOfTheTestDatabase();
    const copy = copyCsvOut(pool, async () => sql`select 1 / (n - n) from generate_series(1, 3) n`);
    await expect(copy.ready).rejects.toThrow(/division by zero/);
    await expect(copy.chunks.next()).rejects.toThrow(/division by zero/);
    expect(pool.totalCount - pool.idleCount).toBe(0);
  });

  it('run read-only, with the statement’s values written in as literals', async () => {
    const pool = poolOfTheTestDatabase();
    const value = "it's \\ 'quoted', too";
    const copy = copyCsvOut(pool, async () => sql`select ${value}::text as v, ${3}::int as n`);
    await copy.ready;
    const chunks: Buffer[] = [];
    for await (const chunk of copy.chunks) chunks.push(chunk);
    expect(Buffer.concat(chunks).toString()).toBe(`"it's \\ 'quoted', too",3\n`);
    const writer = copyCsvOut(pool, async (tx) => {
      await tx.execute(sql`create table copy_wrote_here (n int)`);
      return sql`select 1`;
    });
    const refused = (await writer.ready.catch((error: unknown) => error)) as Error;
    expect(String(refused.cause)).toMatch(/read-only transaction/);
    expect(pool.totalCount - pool.idleCount).toBe(0);
  });

  it('stop when the reader goes away in the middle, closing their connection', async () => {
    const pool = poolOfTheTestDatabase();
    const copy = copyCsvOut(
      pool,
      async () => sql`select n, repeat('x', 100) from generate_series(1, 1000000) n`,
    );
    await copy.ready;
    const first = await copy.chunks.next();
    expect(first.done).toBe(false);
    await copy.chunks.return(undefined);
    // The connection was closed, not handed back in the middle of a COPY; the server ends the statement.
    expect(pool.totalCount).toBe(0);
    await expect
      .poll(async () => {
        const [active] = await queryRows<{ n: number }>(
          t.app.database.db,
          sql`select count(*)::int as n from pg_stat_activity where query like 'copy (select n, repeat%'`,
        );
        return active!.n;
      })
      .toBe(0);
  });
});
