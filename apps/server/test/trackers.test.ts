import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, trackerDevices, vehiclePositions } from '../src/db/schema/index.js';
import { tokenFor, nextAddress } from './support/accounts.js';
import { busWithTrips } from './support/buses.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

const time = manualClock(new Date('2026-03-02T07:30:00Z'));
let t: TestApp;
let admin: Api;

beforeAll(async () => {
  t = await createTestApp({ clock: time.clock });
  admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
  return () => t.close();
});

let devices = 0;
/** A tracker on a bus with a started pickup trip, as the office adds it. */
async function tracker(start: ('PICKUP' | 'DROP')[] = ['PICKUP']) {
  const bus = await busWithTrips(t.app, admin, time.clock, { children: 1, start });
  const deviceId = `traccar-${process.pid}-${++devices}`;
  const created = await admin('POST', '/api/trackers/create', { deviceId, vehicleId: bus.vehicle.id });
  expect(created.status).toBe(200);
  return { bus, deviceId, id: created.body.data.id as string, secret: created.body.data.secret as string };
}

const osmand = (query: Record<string, string | number>, method: 'GET' | 'POST' = 'GET') =>
  t.app.inject({
    method,
    url: `/api/osmand?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
    remoteAddress: nextAddress(),
  });

const positionsOf = (vehicleId: string) =>
  t.app.database.db.select().from(vehiclePositions).where(eq(vehiclePositions.vehicleId, vehicleId));

describe('trackers of the office', () => {
  it('adds a tracker with a secret shown once and kept only as a hash, lists and removes it, audited', async () => {
    const { bus, deviceId, id, secret } = await tracker();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.app.database.db.select().from(trackerDevices).where(eq(trackerDevices.id, id));
    expect(row!.secretHash).not.toContain(secret);
    expect(JSON.stringify(row)).not.toContain(secret);

    const list = await admin('GET', `/api/trackers/get-all?vehicleId=${bus.vehicle.id}`);
    expect(list.body.data).toEqual([
      { id, deviceId, vehicleId: bus.vehicle.id, createdAt: time.clock().toISOString(), lastSeenAt: null },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(
      (await admin('GET', '/api/trackers/get-all')).body.data.map((d: { id: string }) => d.id),
    ).toContain(id);

    const removed = await admin('DELETE', `/api/trackers/delete/${id}`);
    expect(removed).toEqual({
      status: 200,
      body: { success: true, type: 'success', message: 'Tracker removed.' },
    });
    expect((await admin('DELETE', `/api/trackers/delete/${id}`)).status).toBe(404);

    const entries = await t.app.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(entries.map((entry) => entry.action).sort()).toEqual(['tracker.created', 'tracker.deleted']);
    expect(JSON.stringify(entries)).not.toContain(secret);
  });

  it('refuses a device id taken and a vehicle that does not exist with 409', async () => {
    const { bus, deviceId } = await tracker();
    const again = await admin('POST', '/api/trackers/create', { deviceId, vehicleId: bus.vehicle.id });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual([
      { field: 'deviceId', message: `A tracker with device id ${deviceId} exists already.` },
    ]);
    const nowhere = await admin('POST', '/api/trackers/create', {
      deviceId: 'nowhere-1',
      vehicleId: '00000000-0000-4000-8000-000000000000',
    });
    expect(nowhere.status).toBe(409);
    expect(
      (await admin('POST', '/api/trackers/create', { deviceId: 'a b', vehicleId: bus.vehicle.id })).status,
    ).toBe(400);
  });
});

describe('OsmAnd', () => {
  it('stores a fix with the right key for the running trip, once however often it is sent', async () => {
    const { bus, deviceId, id, secret } = await tracker();
    const fix = {
      id: deviceId,
      key: secret,
      lat: 12.97,
      lon: 77.59,
      timestamp: 1772436720,
      speed: 10,
      bearing: 45,
      accuracy: 12,
    };
    const first = await osmand(fix);
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Position received.');
    expect((await osmand(fix)).statusCode).toBe(200);
    const rows = await positionsOf(bus.vehicle.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      tripId: bus.pickup,
      lat: 12.97,
      lng: 77.59,
      accuracy: 12,
      heading: 45,
      source: 'OSMAND',
      recordedAt: new Date(1772436720 * 1000),
    });
    expect(rows[0]!.speed).toBeCloseTo(5.144, 3);
    const [device] = await t.app.database.db.select().from(trackerDevices).where(eq(trackerDevices.id, id));
    expect(device!.lastSeenAt).toEqual(time.clock());
  });

  it('takes an ISO time and milliseconds, and a POST form body', async () => {
    const { bus, deviceId, secret } = await tracker();
    await osmand({ id: deviceId, key: secret, lat: 1, lon: 2, timestamp: '2026-03-02T07:31:00Z' });
    await osmand({
      id: deviceId,
      key: secret,
      lat: 1,
      lon: 2,
      timestamp: Date.parse('2026-03-02T07:32:00Z'),
    });
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/osmand?key=${encodeURIComponent(secret)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id=${deviceId}&lat=3&lon=4&timestamp=1772436780&altitude=900&batt=88`,
      remoteAddress: nextAddress(),
    });
    expect(posted.statusCode).toBe(200);
    const times = (await positionsOf(bus.vehicle.id)).map((row) => row.recordedAt.toISOString()).sort();
    expect(times).toEqual([
      '2026-03-02T07:31:00.000Z',
      '2026-03-02T07:32:00.000Z',
      '2026-03-02T07:33:00.000Z',
    ]);
  });

  it('refuses an unknown device and a wrong key alike, and keeps the key out of the log', async () => {
    const { bus, deviceId, secret } = await tracker();
    const wrong = await osmand({ id: deviceId, key: `${secret}x`, lat: 1, lon: 2 });
    const unknown = await osmand({ id: 'no-such-device', key: secret, lat: 1, lon: 2 });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(await positionsOf(bus.vehicle.id)).toEqual([]);
    expect((await osmand({ id: deviceId, lat: 1, lon: 2 })).statusCode).toBe(400);
    expect(t.logs.join('\n')).not.toContain(secret);
  });

  it('takes the key in the X-Tracker-Key header, and logs the query form without the key', async () => {
    const { bus, deviceId, secret } = await tracker();
    const inHeader = await t.app.inject({
      method: 'GET',
      url: `/api/osmand?id=${deviceId}&lat=5&lon=6&timestamp=1772436720`,
      headers: { 'x-tracker-key': secret },
      remoteAddress: nextAddress(),
    });
    expect(inHeader.statusCode, inHeader.body).toBe(200);
    const wrongHeader = await t.app.inject({
      method: 'POST',
      url: `/api/osmand?id=${deviceId}&lat=5&lon=6`,
      headers: { 'x-tracker-key': `${secret}x` },
      remoteAddress: nextAddress(),
    });
    expect(wrongHeader.statusCode).toBe(401);
    // The query form still works for devices that can send nothing else; its line in the log names the key only.
    const logged = t.logs.length;
    expect(
      (await osmand({ id: deviceId, key: secret, lat: 5, lon: 6, timestamp: 1772436780 })).statusCode,
    ).toBe(200);
    const lines = t.logs.slice(logged).join('\n');
    expect(lines).toContain('key=[redacted]');
    expect(lines).not.toContain(secret);
    expect(await positionsOf(bus.vehicle.id)).toHaveLength(2);
  });

  it('keeps a fix without a trip when the bus runs none, and not one that is too inaccurate', async () => {
    const { bus, deviceId, secret } = await tracker([]);
    await osmand({ id: deviceId, key: secret, lat: 1, lon: 2, timestamp: 1772436720 });
    const vague = await osmand({
      id: deviceId,
      key: secret,
      lat: 1,
      lon: 2,
      timestamp: 1772436780,
      accuracy: 250,
    });
    expect(vague.json().message).toBe('Position received, not kept.');
    const rows = await positionsOf(bus.vehicle.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tripId: null, vehicleId: bus.vehicle.id });
    const drop = await t.app.database.db
      .select()
      .from(vehiclePositions)
      .where(and(eq(vehiclePositions.vehicleId, bus.vehicle.id), eq(vehiclePositions.tripId, bus.drop)));
    expect(drop).toEqual([]);
  });

  it('keeps a fix dated outside the running trip with the bus only, not on the trip', async () => {
    const { bus, deviceId, secret } = await tracker();
    // Weeks before the trip started, and ten minutes ahead of now (07:30): neither is the trip's.
    for (const timestamp of ['2026-02-10T07:40:00Z', '2026-03-02T07:40:00Z'])
      expect((await osmand({ id: deviceId, key: secret, lat: 1, lon: 2, timestamp })).statusCode).toBe(200);
    await osmand({ id: deviceId, key: secret, lat: 3, lon: 4, timestamp: '2026-03-02T07:31:00Z' });
    const rows = await positionsOf(bus.vehicle.id);
    expect(
      rows.map((row) => [row.recordedAt.toISOString(), row.tripId]).sort(([a], [b]) => a!.localeCompare(b!)),
    ).toEqual([
      ['2026-02-10T07:40:00.000Z', null],
      ['2026-03-02T07:31:00.000Z', bus.pickup],
      ['2026-03-02T07:40:00.000Z', null],
    ]);
  });

  it('refuses a device id or key PostgreSQL cannot store (a NUL) with 400, not 500', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const idAnswer = await osmand({ id: '\u0000', key: ' ', lat: 0, lon: 0 }, method);
      expect(idAnswer.statusCode).toBe(400);
      expect(idAnswer.json().errors).toContainEqual(
        expect.objectContaining({ message: 'id contains characters that cannot be stored' }),
      );
      expect((await osmand({ id: 'device-1', key: 'a\u0000b', lat: 0, lon: 0 }, method)).statusCode).toBe(
        400,
      );
    }
  });

  it('refuses times that are not times', async () => {
    const { deviceId, secret } = await tracker();
    for (const timestamp of ['yesterday', '99999999999999999999', '1970-01-01T00:00:00Z'])
      expect((await osmand({ id: deviceId, key: secret, lat: 1, lon: 2, timestamp })).statusCode).toBe(400);
  });
});
