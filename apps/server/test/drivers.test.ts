import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverPayload, recordsThrough, uniqueTag } from '@school-transport/testing';
import { auditLog, routeAssignments, users } from '../src/db/schema/index.js';
import { tokenFor } from './support/accounts.js';
import { adminTestApp, apiAs, type Api } from './support/requests.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const { t, api } = adminTestApp();

const newDriver = (overrides: Record<string, unknown> = {}) => ({ ...driverPayload(), ...overrides });

describe('drivers', () => {
  it('creates a driver as a user with role driver and no password, and reads it back', async () => {
    const created = await api(
      'POST',
      '/api/drivers/create',
      newDriver({
        name: '  Asha Rao ',
        email: 'Asha@Example.com',
        phone: '+91 98765 43210',
        address: '12 Hill Rd',
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      success: true,
      type: 'success',
      message: 'Driver created successfully!',
    });
    const driver = created.body.data;
    expect(driver).toMatchObject({
      user: { name: 'Asha Rao', email: 'asha@example.com' },
      phone: '+91 98765 43210',
      alternativePhone: null,
      address: '12 Hill Rd',
      profileImage: null,
    });
    const [user] = await t.app.database.db.select().from(users).where(eq(users.id, driver.user.id));
    expect(user).toMatchObject({ role: 'driver', passwordHash: null });

    const one = await api('GET', `/api/drivers/get-one/${driver.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual(driver);
  });

  it('answers 400 with a message per field for invalid input', async () => {
    const answer = await api('POST', '/api/drivers/create', {
      name: '',
      email: 'nope',
      phone: 'call me',
      licenseNo: 'x'.repeat(31),
      alternativePhone: '12',
    });
    expect(answer.status).toBe(400);
    const fields = answer.body.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(['alternativePhone', 'email', 'licenseNo', 'name', 'phone']);
  });

  it('answers 409 naming the field for a duplicate email or license number, in any case', async () => {
    const first = newDriver();
    expect((await api('POST', '/api/drivers/create', first)).status).toBe(201);
    const sameEmail = await api(
      'POST',
      '/api/drivers/create',
      newDriver({ email: first.email.toUpperCase() }),
    );
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.errors).toEqual([
      { field: 'email', message: 'An account with this email address already exists.' },
    ]);
    const sameLicense = await api(
      'POST',
      '/api/drivers/create',
      newDriver({ licenseNo: first.licenseNo.toLowerCase() }),
    );
    expect(sameLicense.status).toBe(409);
    expect(sameLicense.body.errors[0].field).toBe('licenseNo');
    // nothing half-written: the user of the refused driver was not kept
    const orphans = await t.app.database.db.select().from(users).where(eq(users.email, newDriver().email));
    expect(orphans).toHaveLength(0);
  });

  it('updates every field, and records what changed in the audit log', async () => {
    const { body } = await api('POST', '/api/drivers/create', newDriver());
    const id = body.data.id;
    const changes = newDriver({ name: 'Renamed', alternativePhone: '080-2345-6789', address: 'New address' });
    const updated = await api('PUT', `/api/drivers/update/${id}`, changes);
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe('Driver updated successfully!');
    expect(updated.body.data).toMatchObject({
      user: { name: 'Renamed', email: changes.email },
      alternativePhone: '080-2345-6789',
      address: 'New address',
      licenseNo: changes.licenseNo,
    });
    const [entry] = await t.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'driver.updated'));
    expect(entry!.entityId).toBe(id);
    // A driver's values are personal: the entry names the changed fields only (decision 020).
    expect(entry!.details).toMatchObject({
      name: 'changed',
      address: 'changed',
    });
    expect(JSON.stringify(entry!.details)).not.toMatch(/Renamed|New address/);
    expect(entry!.actorEmail).toMatch(/^admin-/);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await api('GET', `/api/drivers/get-one/${unknown}`)).status).toBe(404);
    expect((await api('PUT', `/api/drivers/update/${unknown}`, newDriver())).status).toBe(404);
    expect((await api('DELETE', `/api/drivers/delete/${unknown}`)).status).toBe(404);
    expect((await api('GET', '/api/drivers/get-one/42')).status).toBe(400);
  });

  it('deletes a driver and their account, but not while a route assignment uses them', async () => {
    const { body } = await api('POST', '/api/drivers/create', newDriver());
    const driver = body.data;
    const db = t.app.database.db;
    const make = recordsThrough(api);
    const [vehicle, route] = await Promise.all([make.vehicle(), make.busRoute({ name: 'North Loop' })]);
    const assignment = await make.assignment({
      driverId: driver.id,
      vehicleId: vehicle.id,
      routeId: route.id,
    });

    const refused = await api('DELETE', `/api/drivers/delete/${driver.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'This driver is used by the route assignment of "North Loop". Remove that assignment first.',
    );

    await db.delete(routeAssignments).where(eq(routeAssignments.id, assignment.id));
    const deleted = await api('DELETE', `/api/drivers/delete/${driver.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true, type: 'success', message: 'Driver deleted successfully!' });
    expect((await api('GET', `/api/drivers/get-one/${driver.id}`)).status).toBe(404);
    expect(await db.select().from(users).where(eq(users.id, driver.user.id))).toHaveLength(0);
  });
});

describe('drivers list', () => {
  let listApp: TestApp;
  let listApi: Api;
  beforeAll(async () => {
    listApp = await createTestApp();
    listApi = apiAs(listApp.app, await tokenFor(listApp.app, 'admin'));
    for (let i = 1; i <= 12; i++) {
      const license = i === 7 ? 'MH-SPECIAL-7' : `KA-${String(i).padStart(3, '0')}`;
      await listApi('POST', '/api/drivers/create', {
        name: i === 3 ? 'Zoë Fernandes' : `List Driver ${i}`,
        email: `list${i}@example.com`,
        phone: `98765000${String(i).padStart(2, '0')}`,
        licenseNo: license,
      });
    }
  });
  afterAll(() => listApp.close());

  it('pages newest first with the pagination object', async () => {
    const page1 = await listApi('GET', '/api/drivers/get-all?page=1&limit=5');
    expect(page1.status).toBe(200);
    expect(page1.body.pagination).toEqual({
      page: 1,
      limit: 5,
      total: 12,
      totalPages: 3,
      moreThanTotal: false,
    });
    expect(page1.body.data.map((d: { user: { name: string } }) => d.user.name)).toEqual([
      'List Driver 12',
      'List Driver 11',
      'List Driver 10',
      'List Driver 9',
      'List Driver 8',
    ]);
    const page3 = await listApi('GET', '/api/drivers/get-all?page=3&limit=5');
    expect(page3.body.data).toHaveLength(2);
    const beyond = await listApi('GET', '/api/drivers/get-all?page=9&limit=5');
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.pagination.total).toBe(12);
  });

  it('counts a search only ten pages past the page shown, and says there are more', async () => {
    // All 12 drivers match "list" (Zoë by her e-mail); with 1 row a page the count stops at 10 (decision 016).
    const capped = await listApi('GET', '/api/drivers/get-all?search=list&limit=1');
    expect(capped.body.pagination).toEqual({
      page: 1,
      limit: 1,
      total: 10,
      totalPages: 10,
      moreThanTotal: true,
    });
    // From page 3 the count may reach 12 of 12: exact again.
    const further = await listApi('GET', '/api/drivers/get-all?search=list&limit=1&page=3');
    expect(further.body.pagination).toMatchObject({ total: 12, totalPages: 12, moreThanTotal: false });
    // Unfiltered totals are always exact.
    const all = await listApi('GET', '/api/drivers/get-all?limit=1');
    expect(all.body.pagination).toMatchObject({ total: 12, moreThanTotal: false });
  });

  it('defaults to page 1 and 10 rows, and refuses limits outside 1..100', async () => {
    const answer = await listApi('GET', '/api/drivers/get-all');
    expect(answer.body.pagination).toMatchObject({ page: 1, limit: 10 });
    for (const query of ['limit=0', 'limit=101', 'page=0', 'page=x']) {
      expect((await listApi('GET', `/api/drivers/get-all?${query}`)).status).toBe(400);
    }
  });

  it.each([
    ['  zoë ', 'Zoë Fernandes'],
    ['LIST12@', 'List Driver 12'],
    ['special', 'List Driver 7'],
    ['9876500011', 'List Driver 11'],
  ])('searches name, email, licence and phone: %s', async (search, expected) => {
    const answer = await listApi('GET', `/api/drivers/get-all?search=${encodeURIComponent(search)}`);
    expect(answer.body.data.map((d: { user: { name: string } }) => d.user.name)).toEqual([expected]);
  });

  it('takes % and _ in a search literally', async () => {
    const answer = await listApi('GET', `/api/drivers/get-all?search=${encodeURIComponent('%')}`);
    expect(answer.body.data).toEqual([]);
  });
});

describe("each driver's vehicle and route on the drivers list", () => {
  it('shows the vehicle and route of the assignment a driver holds, null for one without, in the list and its CSV', async () => {
    const tag = uniqueTag();
    const make = recordsThrough(api);
    const free = await make.driver(driverPayload(tag, 1));
    const busy = await make.driver(driverPayload(tag, 2));
    const [vehicle, route] = await Promise.all([make.vehicle(), make.busRoute({ name: `Hill Loop ${tag}` })]);
    const assignment = await make.assignment({ driverId: busy.id, vehicleId: vehicle.id, routeId: route.id });

    // One row a page: each page joins its own driver's assignment, not the first page's.
    const listed = [];
    for (const page of [1, 2]) {
      const answer = await api('GET', `/api/drivers/get-all?search=${tag}&limit=1&page=${page}`);
      expect(answer.status).toBe(200);
      listed.push(...answer.body.data.map((d: { id: string; assignment: unknown }) => [d.id, d.assignment]));
    }
    expect(listed).toEqual([
      [
        busy.id,
        {
          id: assignment.id,
          vehicleId: vehicle.id,
          licensePlate: vehicle.licensePlate,
          routeId: route.id,
          routeName: `Hill Loop ${tag}`,
        },
      ],
      [free.id, null],
    ]);
    expect((await api('GET', `/api/drivers/get-one/${busy.id}`)).body.data.assignment).toMatchObject({
      licensePlate: vehicle.licensePlate,
    });

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/exports/drivers.csv?search=${tag}`,
      headers: { authorization: await tokenFor(t.app, 'admin') },
    });
    const rows = parse(csv.rawPayload, { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(rows.map((row) => [row.id, row['assignment.licensePlate'], row['assignment.routeName']])).toEqual([
      [busy.id, vehicle.licensePlate, `Hill Loop ${tag}`],
      [free.id, '', ''],
    ]);
  });
});
