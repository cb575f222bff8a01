import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { CURSOR_BATCH, cursorRows } from '../src/modules/records/reports/report-cursor.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // `nextval` is not rolled back: the sequence counts the rows the cursor has read, whatever becomes of its
  // transaction. The probe table holds a row written in the cursor's transaction, to see whether it committed.
  await t.app.database.db.execute(sql`create sequence cursor_read`);
  await t.app.database.db.execute(sql`create table cursor_probe (n int)`);
});
afterAll(() => t.close());

const db = () => t.app.database.db;
const rowsRead = async () =>
  (
    await queryRows<{ n: number }>(
      db(),
      sql`select (case when is_called then last_value else 0 end)::int as n from cursor_read`,
    )
  )[0]!.n;
const probeRows = async () =>
  (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from cursor_probe`))[0]!.n;

/** A cursor over `rows` numbered rows that counts each row it reads, after writing a probe row. */
function numbered(rows: number) {
  return cursorRows<{ n: number }>(db(), async (tx) => {
    await tx.execute(sql`insert into cursor_probe values (1)`);
    return sql`select n, nextval('cursor_read') as read from generate_series(1, ${rows}) n`;
  });
}

describe('the report cursor', () => {
  it('gives every row in order, a fetch at a time, and commits', async () => {
    const rows = CURSOR_BATCH * 2 + 5;
    const cursor = numbered(rows);
    await cursor.ready;
    const sizes: number[] = [];
    const seen: number[] = [];
    for await (const batch of cursor.batches) {
      sizes.push(batch.length);
      seen.push(...batch.map((row) => row.n));
    }
    expect(sizes).toEqual([CURSOR_BATCH, CURSOR_BATCH, 5]);
    expect(seen).toEqual(Array.from({ length: rows }, (_, i) => i + 1));
    expect(await probeRows()).toBe(1);
  });

  it('reads no further than two batches ahead of its reader, and rolls back when the reader stops', async () => {
    await db().execute(sql`delete from cursor_probe`);
    const start = await rowsRead();
    const cursor = numbered(CURSOR_BATCH * 50);
    await cursor.ready;
    const batches = cursor.batches;
    const first = await batches.next();
    expect(first.value).toHaveLength(CURSOR_BATCH);
    // The reader holds its first batch and asks for nothing more: the cursor fills two batches and waits. Only
    // PostgreSQL can be asked meanwhile (PGlite's one connection is the cursor's until its transaction ends).
    if (t.app.database.kind === 'postgres') await expect.poll(rowsRead).toBe(start + CURSOR_BATCH * 3);
    // The reader goes away (a client that closed the download): the generator's `return` ends the transaction.
    await batches.return(undefined);
    expect(await rowsRead()).toBeLessThanOrEqual(start + CURSOR_BATCH * 3);
    expect(await probeRows()).toBe(0);
  });

  it('fails `ready` when the statement fails, before any row', async () => {
    const cursor = cursorRows(db(), () => Promise.resolve(sql`select 1 / 0`));
    const failed = { cause: expect.objectContaining({ message: 'division by zero' }) };
    await expect(cursor.ready).rejects.toMatchObject(failed);
    await expect(cursor.batches.next()).rejects.toMatchObject(failed);
  });
});
