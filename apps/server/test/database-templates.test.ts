import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '../src/db/client.js';
import { migratedPglite, newPostgresDatabase, TEST_DB } from './support/test-app.js';

/**
 * Each test file starts from a copy of one migrated template (support/database-templates.ts). This proves the copy
 * is what the migrations make from nothing today: the same tables, columns, indexes, constraints, functions,
 * triggers, rows and applied migrations as an empty database migrated here, on this file's engine.
 */

/** Everything a migration can leave in a database, as text to compare. */
async function fingerprint(database: DatabaseHandle) {
  const rows = (query: ReturnType<typeof sql>) => queryRows<Record<string, unknown>>(database.db, query);
  const tables = await rows(sql`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  const counts: Record<string, unknown> = {};
  for (const { table_name: table } of tables) {
    const [row] = await rows(sql`select count(*)::int as count from ${sql.identifier(String(table))}`);
    counts[String(table)] = row?.count;
  }
  return {
    columns: await rows(sql`
      select table_name, column_name, data_type, column_default, is_nullable from information_schema.columns
      where table_schema = 'public' order by table_name, ordinal_position`),
    indexes: await rows(sql`select indexdef from pg_indexes where schemaname = 'public' order by indexname`),
    constraints: await rows(sql`
      select conrelid::regclass::text as on_table, conname, pg_get_constraintdef(c.oid) as definition
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where n.nspname = 'public' order by 1, 2`),
    functions: await rows(sql`
      select p.proname, pg_get_functiondef(p.oid) as definition from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' order by 1, 2`),
    triggers: await rows(sql`
      select tgrelid::regclass::text as on_table, tgname, pg_get_triggerdef(t.oid) as definition
      from pg_trigger t where not tgisinternal order by 1, 2`),
    extensions: await rows(sql`select extname, extversion from pg_extension order by extname`),
    migrations: await rows(sql`select hash from drizzle.__drizzle_migrations order by id`),
    counts,
  };
}

describe(`a test database copied from the template (${TEST_DB})`, () => {
  const opened: DatabaseHandle[] = [];
  const drops: Array<() => Promise<void>> = [];

  const open = async (migrated: boolean) => {
    if (TEST_DB === 'pglite') {
      const database = await openDatabase(
        migrated ? migratedPglite() : { kind: 'pglite', dataDir: 'memory://' },
      );
      opened.push(database);
      return database;
    }
    const { url, drop } = await newPostgresDatabase('st_tplcheck', { migrated });
    drops.push(drop);
    const database = await openDatabase({ kind: 'postgres', url });
    opened.push(database);
    return database;
  };

  let copy: DatabaseHandle;
  let fromNothing: DatabaseHandle;
  beforeAll(async () => {
    [copy, fromNothing] = await Promise.all([open(true), open(false)]);
    await fromNothing.migrate();
  });
  afterAll(async () => {
    await Promise.all(opened.map((database) => database.close()));
    await Promise.all(drops.map((drop) => drop()));
  });

  it('is the database the migrations make from nothing', async () => {
    const [made, copied] = await Promise.all([fingerprint(fromNothing), fingerprint(copy)]);
    expect(made.migrations.length).toBeGreaterThan(0);
    expect(made.columns.length).toBeGreaterThan(0);
    expect(copied).toEqual(made);
  });

  it('has nothing left to migrate', async () => {
    const before = await fingerprint(copy);
    await copy.migrate();
    expect(await fingerprint(copy)).toEqual(before);
  });
});
