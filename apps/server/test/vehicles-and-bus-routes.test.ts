import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { busRoutePayload, vehiclePayload } from '@school-transport/testing';
import { auditLog, routeAssignments, users, drivers } from '../src/db/schema/index.js';
import { tokenFor } from './support/accounts.js';
import { adminTestApp, apiAs } from './support/requests.js';

const { t, api } = adminTestApp();

const vehicle = (plate: string, overrides: Record<string, unknown> = {}) => ({
  ...vehiclePayload(),
  licensePlate: plate,
  ...overrides,
});
const route = (name: string, overrides: Record<string, unknown> = {}) => ({
  ...busRoutePayload(),
  name,
  ...overrides,
});

describe('vehicles', () => {
  it('normalises the plate, converts capacity from text, and refuses the same plate written differently', async () => {
    const created = await api('POST', '/api/vehicles/create', vehicle('ka 01 ab 1234', { capacity: '32' }));
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Vehicle created successfully!');
    expect(created.body.data).toMatchObject({ licensePlate: 'KA01AB1234', capacity: 32, profileImage: null });
    const duplicate = await api('POST', '/api/vehicles/create', vehicle('KA01 AB1234'));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.errors).toEqual([
      { field: 'licensePlate', message: 'A vehicle with this registration number already exists.' },
    ]);
  });

  it.each([0, 101, 2.5, 'ten', true, null])('refuses capacity %s', async (capacity) => {
    const answer = await api(
      'POST',
      '/api/vehicles/create',
      vehicle(`CAP${String(capacity).replace('.', '')}`, { capacity }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors.map((e: { field: string }) => e.field)).toEqual(['capacity']);
  });

  it('updates, searches over plate, model, type and colour, and deletes', async () => {
    const { body } = await api('POST', '/api/vehicles/create', vehicle('MH12XY0001', { color: 'Crimson' }));
    const updated = await api(
      'PUT',
      `/api/vehicles/update/${body.data.id}`,
      vehicle('MH12XY0001', { model: 'Force Traveller', capacity: 26, color: 'Crimson' }),
    );
    expect(updated.body.data).toMatchObject({ model: 'Force Traveller', capacity: 26 });
    for (const search of ['mh12xy', 'traveller', 'crimson']) {
      const found = await api('GET', `/api/vehicles/get-all?search=${search}`);
      expect(found.body.data.map((v: { licensePlate: string }) => v.licensePlate)).toEqual(['MH12XY0001']);
    }
    expect((await api('DELETE', `/api/vehicles/delete/${body.data.id}`)).body.message).toBe(
      'Vehicle deleted successfully!',
    );
    const actions = (
      await t.app.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, body.data.id))
        .orderBy(auditLog.id)
    ).map((e) => e.action);
    expect(actions).toEqual(['vehicle.created', 'vehicle.updated', 'vehicle.deleted']);
  });
});

describe('bus routes', () => {
  it('creates a route with distance to 2 decimals and whole minutes', async () => {
    const created = await api(
      'POST',
      '/api/routes/create',
      route('Whitefield Morning', { distanceKm: '18.25', durationMin: '55' }),
    );
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'Whitefield Morning',
      distanceKm: 18.25,
      durationMin: 55,
    });
    expect(typeof created.body.data.distanceKm).toBe('number');
  });

  it('refuses a distance that is not positive or has 3 decimals, and a duration that is not whole', async () => {
    const answer = await api(
      'POST',
      '/api/routes/create',
      route('Bad', { distanceKm: 1.005, durationMin: 10.5 }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'distanceKm',
      'durationMin',
    ]);
    expect((await api('POST', '/api/routes/create', route('Bad', { distanceKm: 0 }))).status).toBe(400);
  });

  it('searches over name and both locations', async () => {
    await api(
      'POST',
      '/api/routes/create',
      route('Hebbal Express', { startLocation: 'Yelahanka', endLocation: 'Bishop Cotton' }),
    );
    for (const search of ['hebbal', 'yelahanka', 'cotton']) {
      const found = await api('GET', `/api/routes/get-all?search=${search}`);
      expect(found.body.data.map((r: { name: string }) => r.name)).toEqual(['Hebbal Express']);
    }
  });

  it('refuses to delete a route or vehicle that an assignment uses, naming the route', async () => {
    const r = (await api('POST', '/api/routes/create', route('Assigned Route'))).body.data;
    const v = (await api('POST', '/api/vehicles/create', vehicle('ASSIGNED1'))).body.data;
    const db = t.app.database.db;
    const [user] = await db
      .insert(users)
      .values({ name: 'D', email: 'assigned-driver@example.com', role: 'driver' })
      .returning();
    const [driver] = await db
      .insert(drivers)
      .values({ userId: user!.id, phone: '9876543210', licenseNo: 'ASSIGNED-D' })
      .returning();
    await db.insert(routeAssignments).values({ driverId: driver!.id, vehicleId: v.id, routeId: r.id });

    const routeDelete = await api('DELETE', `/api/routes/delete/${r.id}`);
    expect(routeDelete.status).toBe(409);
    expect(routeDelete.body.message).toBe(
      'This route is used by the route assignment of "Assigned Route". Remove that assignment first.',
    );
    const vehicleDelete = await api('DELETE', `/api/vehicles/delete/${v.id}`);
    expect(vehicleDelete.status).toBe(409);
    expect(vehicleDelete.body.message).toContain('"Assigned Route"');
  });
});

describe('roles on the drivers, vehicles and bus routes URLs', () => {
  const calls = [
    ['GET', '/api/drivers/get-all'],
    ['POST', '/api/vehicles/create'],
    ['PUT', '/api/routes/update/00000000-0000-4000-8000-000000000000'],
    ['DELETE', '/api/drivers/delete/00000000-0000-4000-8000-000000000000'],
  ] as const;

  it.each(['driver', 'parent'] as const)('refuses a %s with 403', async (role) => {
    const as = apiAs(t.app, await tokenFor(t.app, role));
    for (const [method, url] of calls)
      expect((await as(method, url, method === 'GET' || method === 'DELETE' ? undefined : {})).status).toBe(
        403,
      );
  });

  it('refuses no token with 401', async () => {
    for (const [method, url] of calls) expect((await t.app.inject({ method, url })).statusCode).toBe(401);
  });
});
