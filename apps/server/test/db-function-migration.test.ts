import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '../src/db/client.js';
import {
  functionsDir,
  migrationsDir,
  readFunctionHome,
  writeFunctionMigration,
} from '../src/db/function-home.js';
import { readSqlDefinitions } from './support/sql-definitions.js';
import { freshDatabase, TEST_DB } from './support/test-app.js';

/**
 * `npm run db:function` (src/db/function-migration-cli.ts) on copies of the migrations and of db/functions/: the
 * migration it writes through drizzle-kit holds the home's text of what it was asked for, the home's "Last changed"
 * lines then name it, and the migrated database takes it. Alone: it runs drizzle-kit.
 */
describe(`a migration written from db/functions/ (${TEST_DB})`, () => {
  let folder: string;
  let migrations: string;
  let functions: string;
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'function-migration-'));
    migrations = path.join(folder, 'migrations');
    functions = path.join(folder, 'functions');
    fs.cpSync(migrationsDir, migrations, { recursive: true });
    fs.cpSync(functionsDir, functions, { recursive: true });
    const fresh = await freshDatabase();
    drop = fresh.drop;
    database = await openDatabase(fresh.config);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('holds what it was asked for as the home has it, and the database takes it unchanged', async () => {
    const home = readFunctionHome(functions);
    const count = fs.readdirSync(migrations).filter((file) => file.endsWith('.sql')).length;
    // A name picks the function and the trigger called so, in the home's order (a function before its trigger).
    const file = writeFunctionMigration({
      names: ['seats_live_access', 'on_time_rollup_add'],
      migrationName: 'from-the-home',
      migrations,
      functions,
    });
    expect(file).toBe(`${String(count).padStart(4, '0')}_from-the-home.sql`);

    const picked = home.filter(({ name }) => name === 'seats_live_access' || name === 'on_time_rollup_add');
    expect(picked.map(({ kind, name }) => `${kind} ${name}`)).toEqual([
      'function seats_live_access',
      'trigger seats_live_access',
      'function on_time_rollup_add',
    ]);
    const written = fs.readFileSync(path.join(migrations, file), 'utf8');
    const statements = written
      .split('--> statement-breakpoint')
      .map((chunk) => chunk.replace(/^--.*\n/, '').trim());
    expect(statements).toEqual(picked.map(({ statement }) => statement));

    const after = readFunctionHome(functions);
    expect(after).toEqual(
      home.map((definition) =>
        picked.includes(definition) ? { ...definition, lastChangedBy: file } : definition,
      ),
    );

    const migrated = await readSqlDefinitions(database.db);
    const applied = async () =>
      (
        await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        )
      )[0]!.n;
    const appliedBefore = await applied();
    if (database.kind === 'pglite')
      await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: migrations });
    else await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: migrations });
    expect(await applied()).toBe(appliedBefore + 1);
    expect(await readSqlDefinitions(database.db)).toEqual(migrated);
  });

  it('names what the home does not hold, and writes nothing', () => {
    const before = fs.readdirSync(migrations);
    expect(() =>
      writeFunctionMigration({
        names: ['no_such_function'],
        migrationName: 'nothing',
        migrations,
        functions,
      }),
    ).toThrow('No function or trigger in db/functions/ is named no_such_function');
    expect(fs.readdirSync(migrations)).toEqual(before);
  });
});
