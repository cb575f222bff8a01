import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '../src/db/client.js';
import { openPgliteThread } from '../src/db/pglite-thread.js';
import { rethrowConflict } from '../src/lib/db-errors.js';
import { databaseTemplates } from './support/database-templates.js';
import { migratedPglite, TEST_DB } from './support/test-app.js';

/**
 * PGlite in its own thread (docs/decisions/042), through drizzle as the server uses it: what crosses between the
 * threads must behave as PGlite in the server's thread did. PGlite only: PostgreSQL has no such thread.
 */
describe.skipIf(TEST_DB !== 'pglite')("PGlite's thread", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    // A copy of the run's migrated template: a tarball loaded, cheaper than an initdb from nothing (which
    // database-templates.test.ts and the first-start tests cover); this file's own table is all it uses.
    database = await openDatabase(migratedPglite());
    await database.db.execute(
      sql.raw(
        'create table thread_probe (id int primary key, name text not null constraint thread_probe_name unique, at timestamptz)',
      ),
    );
  });
  afterAll(() => database.close());

  it('brings a constraint violation back with its SQLSTATE, constraint and detail, so it still becomes a 409', async () => {
    await database.db.execute(sql`insert into thread_probe (id, name) values (1, 'Ada')`);
    const failure = await database.db
      .execute(sql`insert into thread_probe (id, name) values (2, 'Ada')`)
      .then(
        () => null,
        (error: unknown) => error,
      );
    let cause = failure as { code?: string; constraint?: string; detail?: string; cause?: unknown };
    while (cause && cause.code === undefined) cause = cause.cause as typeof cause;
    expect(cause).toMatchObject({ code: '23505', constraint: 'thread_probe_name' });
    expect(cause.detail).toContain('already exists');
    expect(() =>
      rethrowConflict(failure, { thread_probe_name: { field: 'name', message: 'This name is taken.' } }),
    ).toThrow('This name is taken.');
  });

  it("runs a transaction's statements in it: they see each other, and a failure rolls all of them back", async () => {
    const failure = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe (id, name) values (10, 'Grace')`);
        const seen = await queryRows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from thread_probe where id = 10`,
        );
        expect(seen[0]!.n).toBe(1);
        // A nested transaction is a savepoint: its failure is undone alone.
        await tx
          .transaction(async (inner) => {
            await inner.execute(sql`insert into thread_probe (id, name) values (11, 'Alan')`);
            throw new Error('inner');
          })
          .catch(() => undefined);
        throw new Error('outer');
      })
      .then(
        () => null,
        (error: unknown) => error as Error,
      );
    expect(failure?.message).toBe('outer');
    const left = await queryRows<{ id: number }>(
      database.db,
      sql`select id from thread_probe where id >= 10`,
    );
    expect(left).toEqual([]);

    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe (id, name) values (12, 'Edsger')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into thread_probe (id, name) values (13, 'Barbara')`);
          throw new Error('inner');
        })
        .catch(() => undefined);
    });
    const kept = await queryRows<{ id: number }>(
      database.db,
      sql`select id from thread_probe where id >= 10`,
    );
    expect(kept).toEqual([{ id: 12 }]);
  });

  it('keeps a statement from outside waiting until the open transaction ends, as one connection does', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`update thread_probe set name = 'Ada L.' where id = 1`);
      order.push('updated');
      await held;
      order.push('committing');
    });
    // Let the transaction open before the outside read is sent.
    while (order.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const read = queryRows<{ name: string }>(
      database.db,
      sql`select name from thread_probe where id = 1`,
    ).then((rows) => {
      order.push('read');
      return rows[0]!.name;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    expect(await read).toBe('Ada L.');
    expect(order).toEqual(['updated', 'committing', 'read']);
  });

  it('answers dates as drizzle asks: raw rows keep the text, typed columns become Dates', async () => {
    const raw = await queryRows<{ at: unknown }>(
      database.db,
      sql`select timestamptz '2026-03-02 08:00:00+00' as at`,
    );
    expect(typeof raw[0]!.at).toBe('string');
    const typed = await database.db
      .select({
        at: sql<Date>`timestamptz '2026-03-02 08:00:00+00'`.mapWith((value: string) => new Date(value)),
      })
      .from(sql`(select 1) as one`);
    expect(typed[0]!.at.toISOString()).toBe('2026-03-02T08:00:00.000Z');
  });

  it('delivers notifications to listeners until they stop listening', async () => {
    const heard: string[] = [];
    const stop = await database.listen('thread_probe_channel', {
      onNotify: () => heard.push('notify'),
      onResync: () => heard.push('resync'),
    });
    await database.notify('thread_probe_channel');
    while (heard.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    await stop();
    await database.notify('thread_probe_channel');
    await database.db.execute(sql`select 1`);
    expect(heard).toEqual(['resync', 'notify']);
  });

  it('refuses query options it cannot carry across rather than ignore them', async () => {
    const thread = await openPgliteThread({
      dataDir: 'memory://',
      durable: false,
      loadDataDir: databaseTemplates().pgliteTarball,
    });
    try {
      await expect(
        thread.query('select 1::int8 as n', [], { parsers: { 20: (value: string) => BigInt(value) } }),
      ).rejects.toThrow(/type 20 has another parser/);
      expect((await thread.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
    } finally {
      await thread.close();
    }
    await expect(thread.query('select 1')).rejects.toThrow('PGlite is closed');
  });
});
