import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  migrationsFolder,
  migrationsLabel,
  openDatabase,
  pendingMigrations,
  type DatabaseHandle,
  type PendingMigrations,
} from '../src/db/client.js';
import type { ProgressListener } from '../src/db/progress-listener.js';
import { freshDatabase } from './support/test-app.js';

const tags = (
  JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string }>;
  }
).entries.map((entry) => entry.tag);

class RolledBack extends Error {}

describe('which migrations a start or `migrate` applies, said before it applies them', () => {
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

  /** What pendingMigrations finds after `change`, inside a transaction that is then undone. */
  async function pendingAfter(change: ReturnType<typeof sql>): Promise<PendingMigrations> {
    let found: PendingMigrations | undefined;
    await database.db
      .transaction(async (tx) => {
        await tx.execute(change);
        found = await pendingMigrations(tx);
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    return found!;
  }

  it('finds none on a migrated database, and a migration then says nothing', async () => {
    expect(await pendingMigrations(database.db)).toEqual({ current: tags.at(-1), pending: [] });
    const heard: string[] = [];
    const listener: ProgressListener = { phase: (label) => heard.push(label), update: () => {} };
    await database.migrate(listener);
    expect(heard).toEqual([]);
  });

  it('finds those newer than the newest one recorded, and all of them on a database that has none', async () => {
    const behind = await pendingAfter(
      sql`delete from drizzle.__drizzle_migrations where created_at >= (select created_at
        from drizzle.__drizzle_migrations order by created_at desc offset 1 limit 1)`,
    );
    expect(behind).toEqual({ current: tags.at(-3), pending: tags.slice(-2) });
    expect(migrationsLabel(behind)).toBe(`applying 2 migrations: ${tags.at(-3)} → ${tags.at(-1)}`);

    const empty = await pendingAfter(sql`alter table drizzle.__drizzle_migrations rename to moved_away`);
    expect(empty).toEqual({ current: null, pending: tags });
    expect(migrationsLabel(empty)).toBe(`applying ${tags.length} migrations (up to ${tags.at(-1)})`);
    expect(migrationsLabel({ current: tags.at(-2)!, pending: tags.slice(-1) })).toBe(
      `applying 1 migration: ${tags.at(-2)} → ${tags.at(-1)}`,
    );
  });
});
