import { sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { ReleasingPool } from '../src/db/releasing-pool.js';
import { createTestApp, TEST_DB, type TestApp } from './support/test-app.js';

/**
 * GET /api/health answers 503 with the reason when the server cannot do its work. What is simulated, and how:
 * low free space by raising MIN_FREE_DISK_MB above what the disk has (no disk is filled); a database that
 * cannot write by making every new transaction read-only (default_transaction_read_only, as on a standby or a
 * database switched to read-only) on PGlite's one session, or on PostgreSQL for the test database, whose open
 * connections are then ended so the pool reconnects under the new default.
 */
/**
 * One app with the default settings for the file (each test leaves its database as it found it: writable, with
 * the pool serving); the low-space test needs a setting of its own and opens its own.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  return () => t.close();
});

const health = async (app = t) => {
  const answer = await app.app.inject({ method: 'GET', url: '/api/health' });
  return {
    status: answer.statusCode,
    body: answer.json() as { message?: string; data?: { status: string } },
  };
};

/** Every new transaction read-only (or not): PGlite's one session, or every new session of the PostgreSQL test database. */
async function setReadOnly(app: TestApp, on: boolean) {
  if (TEST_DB === 'pglite') {
    await app.app.database.db.execute(sql.raw(`set default_transaction_read_only = ${on ? 'on' : 'off'}`));
    return;
  }
  const { url } = app.config.database as { url: string };
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const name = admin.escapeIdentifier(new URL(url).pathname.slice(1));
    // This session too starts read-only once the database is; it must still be able to switch back.
    await admin.query('set default_transaction_read_only = off');
    await admin.query(
      on
        ? `alter database ${name} set default_transaction_read_only = on`
        : `alter database ${name} reset default_transaction_read_only`,
    );
    // The pool's open connections keep the old default; ended, they are replaced by new ones under the new one.
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
  } finally {
    await admin.end();
  }
}

describe('health', () => {
  it('answers 200 when the database writes and the data folder has room', async () => {
    const answer = await health();
    expect(answer.status).toBe(200);
    expect(answer.body.data?.status).toBe('ok');
  });

  it('answers 503 naming low free space when the data folder has less than MIN_FREE_DISK_MB', async () => {
    // More than any disk of this machine has: the check must compare, not just read.
    const low = await createTestApp({ env: { MIN_FREE_DISK_MB: String(1024 * 1024 * 1024) } });
    try {
      const answer = await health(low);
      expect(answer.status).toBe(503);
      expect(answer.body.message).toMatch(
        /^Only \d+ MB free in the data folder \(the minimum is \d+ MB\)\.$/,
      );
    } finally {
      await low.close();
    }
  });

  it('answers 503 when the database refuses writes, and writes nothing while probing', async () => {
    const secretsBefore = await t.app.database.db.execute(sql`select count(*)::int as n from server_secrets`);
    await setReadOnly(t, true);
    const answer = await health();
    expect(answer.status).toBe(503);
    expect(answer.body.message).toBe('The database cannot write.');
    // The probe rolls back what it inserts: a healthy answer leaves no row behind.
    await setReadOnly(t, false);
    expect((await health()).status).toBe(200);
    const secretsAfter = await t.app.database.db.execute(sql`select count(*)::int as n from server_secrets`);
    expect((secretsAfter as unknown as { rows: unknown[] }).rows).toEqual(
      (secretsBefore as unknown as { rows: unknown[] }).rows,
    );
  });
});

describe.runIf(TEST_DB === 'postgres')('a connection cut in the middle of a transaction', () => {
  it('fails that transaction, not the process, and the next request gets a new connection', async () => {
    const { url } = t.config.database as { url: string };
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const gone = t.app.database.db.transaction(async (tx) => {
        const pid = await tx.execute(sql`select pg_backend_pid() as pid`);
        const [{ pid: backend }] = (pid as unknown as { rows: [{ pid: number }] }).rows;
        // Cut while the transaction's connection is checked out and idle between two statements.
        await admin.query('select pg_terminate_backend($1)', [backend]);
        // The server's goodbye reaches this connection as an error event first; then the next statement fails.
        for (;;) {
          const left = await admin.query('select 1 from pg_stat_activity where pid = $1', [backend]);
          if (left.rowCount === 0) break;
        }
        await tx.execute(sql`select 1`);
      });
      await expect(gone).rejects.toThrow();
      expect((await health()).status).toBe(200);
    } finally {
      await admin.end();
    }
  });

  it('takes back a connection the server ended while it was checked out, so that none is kept for ever', async () => {
    const { url } = t.config.database as { url: string };
    const pool = new ReleasingPool({ connectionString: url, max: 2 });
    pool.on('error', () => undefined);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // As drizzle's transaction() does: a connection taken, then ended by the server before its holder's first
      // statement (`begin`, outside drizzle's try/finally: the holder never releases it).
      const held = await pool.connect();
      held.on('error', () => undefined);
      const { rows } = await held.query<{ pid: number }>('select pg_backend_pid() as pid');
      const ended = new Promise((resolve) => held.once('end', resolve));
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      await ended;
      expect(pool.totalCount).toBe(0);
      // The holder's own release afterwards is harmless, and the pool still serves and closes.
      held.release();
      expect((await pool.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
      await pool.end();
    } finally {
      await admin.end();
    }
  });
});
