import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { migrationsDir, readFunctionHome } from '../src/db/function-home.js';
import { dropSqlDefinitions, readSqlDefinitions } from './support/sql-definitions.js';
import { freshDatabase, TEST_DB } from './support/test-app.js';

/**
 * db/functions/ holds the current definition of every SQL function and trigger; the migrations are their history
 * and what runs (docs/ARCHITECTURE.md, "Data"). Here a copy of the migrated database loses all its functions and
 * triggers and runs the home's statements instead: PostgreSQL must then write back the very definitions the
 * migrations left, none missing and none more.
 */
describe(`the functions and triggers of db/functions/ (${TEST_DB})`, () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    database = await openDatabase(fresh.config);
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('are the ones the migrations leave in the database, none missing and none more', async () => {
    const migrated = await readSqlDefinitions(database.db);
    expect(Object.keys(migrated.functions).length).toBeGreaterThan(0);
    expect(Object.keys(migrated.triggers).length).toBeGreaterThan(0);
    await dropSqlDefinitions(database.db);
    for (const { statement } of readFunctionHome()) await database.db.execute(sql.raw(statement));
    expect(await readSqlDefinitions(database.db)).toEqual(migrated);
  });

  it('each name the migration that last created, replaced or renamed it', () => {
    const migrations = fs
      .readdirSync(migrationsDir)
      .filter((file) => file.endsWith('.sql'))
      .sort()
      .map((file) => ({ file, text: fs.readFileSync(path.join(migrationsDir, file), 'utf8') }));
    const claimed: Record<string, string> = {};
    const found: Record<string, string | undefined> = {};
    for (const { kind, name, lastChangedBy } of readFunctionHome()) {
      const keyword = kind.toUpperCase();
      const touches = new RegExp(
        `(CREATE (OR REPLACE )?${keyword}|ALTER ${keyword}) "${name}"` +
          (kind === 'trigger' ? `|ALTER TRIGGER "\\w+" ON "\\w+" RENAME TO "${name}"` : ''),
      );
      claimed[`${kind} ${name}`] = lastChangedBy;
      found[`${kind} ${name}`] = migrations.findLast(({ text }) => touches.test(text))?.file;
    }
    expect(claimed).toEqual(found);
  });
});
