import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { describe, expect, it, vi } from 'vitest';
import { driverPayload, recordsThrough, uniqueTag, vehiclePayload } from '@school-transport/testing';
import { auditLog } from '../src/db/schema/index.js';
import { tokenFor } from './support/accounts.js';
import { adminTestApp } from './support/requests.js';

/** An export's audit entry is written when its stream closes: waited for as long as a loaded machine needs. */
const WAIT = { timeout: 30_000, interval: 100 };

const { t, api } = adminTestApp();

type Row = Record<string, string>;

async function csvOf(url: string) {
  const answer = await t.app.inject({
    method: 'GET',
    url,
    headers: { authorization: await tokenFor(t.app, 'admin') },
  });
  return { answer, rows: parse(answer.rawPayload, { bom: true, columns: true }) as Row[] };
}

/** Every page of a list as its JSON answers them, 100 rows a page. */
async function allPages(url: string) {
  const rows: Array<Record<string, unknown>> = [];
  for (let page = 1; ; page += 1) {
    const { body } = await api('GET', `${url}&limit=100&page=${page}`);
    const data = body.data as Array<Record<string, unknown>>;
    rows.push(...data);
    if (data.length < 100) return rows;
  }
}

describe('CSV exports of the lists', () => {
  it('exports a filtered list as it lists it: the same rows in the same order, across pages, as a download', async () => {
    const tag = uniqueTag();
    const make = recordsThrough(api);
    for (let index = 0; index < 230; index += 1) await make.driver(driverPayload(tag, index));
    await make.driver(driverPayload(uniqueTag(), 0));

    const { answer, rows } = await csvOf(`/api/exports/drivers.csv?search=${tag}&page=3&limit=5`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="drivers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const listed = await allPages(`/api/drivers/get-all?search=${tag}`);
    expect(listed).toHaveLength(230);
    expect(rows.map((row) => row.id)).toEqual(listed.map((row) => row.id));
    expect(rows[0]).toMatchObject({
      'user.name': (listed[0]!.user as { name: string }).name,
      'user.email': (listed[0]!.user as { email: string }).email,
      licenseNo: listed[0]!.licenseNo,
    });
  });

  it('walks a filtered, sorted list by its cursors: the rows of its pages, ties in the sort broken the same way', async () => {
    const tag = uniqueTag();
    const make = recordsThrough(api);
    // Three capacities among 230 buses: most of the order is ties, broken by id.
    for (let index = 0; index < 230; index += 1)
      await make.vehicle({ ...vehiclePayload(tag, index), capacity: 30 + (index % 3) });
    await make.vehicle({ ...vehiclePayload(uniqueTag(), 0), capacity: 31 });
    const asked = () => t.logs.filter((line) => line.includes('/api/vehicles/get-all?'));
    const before = asked().length;

    const { answer, rows } = await csvOf(
      `/api/exports/vehicles.csv?search=${tag}&sort=capacity&order=desc&page=2&limit=10`,
    );
    expect(answer.statusCode).toBe(200);
    // The log writes the query's values as [redacted]: which of the export's pages came with a cursor.
    const reads = new Map<string, boolean>();
    for (const line of asked().slice(before)) {
      const { reqId, req } = JSON.parse(line) as { reqId: string; req?: { url: string } };
      if (req) reads.set(reqId, req.url.includes('&cursor='));
    }
    // Three pages: the first by number, the second and third from the cursor the page before gave.
    expect([...reads.values()]).toEqual([false, true, true]);

    const listed = await allPages(`/api/vehicles/get-all?search=${tag}&sort=capacity&order=desc`);
    expect(listed).toHaveLength(230);
    expect(rows.map((row) => row.id)).toEqual(listed.map((row) => row.id));
    expect(rows.map((row) => Number(row.capacity))).toEqual(listed.map((row) => row.capacity));
  });

  it("neutralises what a spreadsheet would run, and answers the list's own 400 for a bad filter", async () => {
    const tag = uniqueTag();
    const driver = await recordsThrough(api).driver({
      ...driverPayload(tag),
      name: `=HYPERLINK("http://evil") ${tag}`,
    });
    const { rows } = await csvOf(`/api/exports/drivers.csv?search=${tag}`);
    expect(rows.map((row) => row['user.name'])).toEqual([`'=HYPERLINK("http://evil") ${tag}`]);
    expect(rows[0]!.id).toBe(driver.id);

    const bad = await api('GET', '/api/exports/trips.csv?status=FLYING');
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    const badRange = await api('GET', '/api/exports/trip-history.csv?from=2026-03-05&to=2026-03-01');
    expect(badRange.status).toBe(400);
  });

  it('streams a large export: a client that stops reading stops the reading of pages, and one that leaves ends it', async () => {
    const { db } = t.app.database;
    await db.execute(sql`
      insert into trips (type, trip_date, route_name, driver_name, driver_license_no, driver_phone, vehicle_plate, created_at)
      select 'PICKUP', date '2026-01-05' + (n % 20), 'Route ' || n || ' ' || repeat('x', 5000), 'Driver ' || n,
             'DL-' || n, '+91 1', 'KA' || n, now() - n * interval '1 second'
      from generate_series(1, 3000) n`);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const pagesRead = () => t.logs.filter((line) => line.includes('/api/trips/get-all')).length;
    const before = pagesRead();

    const exports = async () =>
      (
        await db
          .select({ details: auditLog.details })
          .from(auditLog)
          .where(eq(auditLog.action, 'export.downloaded'))
          .orderBy(auditLog.id)
      ).map((entry) => entry.details as { list: string; rows: number; complete: boolean });
    const earlier = (await exports()).length;

    const token = await tokenFor(t.app, 'admin');
    const client = httpRequest({ port, path: '/api/exports/trips.csv', headers: { authorization: token } });
    const response = await new Promise<IncomingMessage>((resolve) => client.on('response', resolve).end());
    expect(response.statusCode).toBe(200);
    // The first bytes arrive while most pages are still unread.
    await new Promise((resolve) => response.once('data', resolve));
    response.pause();
    // The reader has stopped: the pages read level off well short of the 30 the whole list has (15 MB).
    let level = pagesRead();
    for (let tries = 0; tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 40));
      if (pagesRead() === level) break;
      level = pagesRead();
    }
    expect(level - before).toBeLessThan(20);
    client.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pagesRead() - before).toBeLessThan(20);

    // Its audit entry says it was left before the end, with the rows that had gone.
    await vi.waitFor(async () => expect(await exports()).toHaveLength(earlier + 1), WAIT);
    const left = (await exports())[earlier]!;
    expect(left).toMatchObject({ list: 'trips', complete: false });
    expect(left.rows).toBeLessThan(3000);

    // Read to the end, every row arrives once.
    const { rows } = await csvOf('/api/exports/trips.csv');
    expect(rows).toHaveLength(3000);
    expect(new Set(rows.map((row) => row.id)).size).toBe(3000);
    await vi.waitFor(async () => expect(await exports()).toHaveLength(earlier + 2), WAIT);
    expect((await exports())[earlier + 1]).toMatchObject({ list: 'trips', rows: 3000, complete: true });
  }, 120_000);
});
