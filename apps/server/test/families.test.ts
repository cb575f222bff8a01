import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parentPayload, recordsThrough, uniqueTag } from '@school-transport/testing';
import {
  assignmentStudents,
  auditLog,
  parents,
  routeAssignments,
  students,
  users,
} from '../src/db/schema/index.js';
import { tokenFor } from './support/accounts.js';
import { adminTestApp, apiAs, type Api } from './support/requests.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const { t, api } = adminTestApp();

const parent = (overrides: Record<string, unknown> = {}) => ({ ...parentPayload(), ...overrides });
const child = (name: string, overrides: Record<string, unknown> = {}) => ({
  name,
  class: '5',
  rollNo: '12',
  pickupAndDropLat: 12.9716,
  pickupAndDropLng: 77.5946,
  pickupDropAddress: 'Gate 2',
  ...overrides,
});
const count = async (table: typeof users | typeof parents | typeof students) =>
  (await t.app.database.db.select().from(table)).length;

describe('enrolling a family', () => {
  it('creates the parent (a user with role parent) and the children in one call', async () => {
    const answer = await api('POST', '/api/parents/create', {
      ...parent({ name: 'Meera Iyer' }),
      children: [child('Arjun', { nfcTagId: '04:a1:b2:c3' }), child('Diya', { class: '2', rollNo: '7' })],
    });
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe('Parent created successfully!');
    const family = answer.body.data;
    expect(family).toMatchObject({ user: { name: 'Meera Iyer' }, childrenCount: 2, city: 'Bengaluru' });
    expect(family.students.map((s: { name: string }) => s.name)).toEqual(['Arjun', 'Diya']);
    expect(family.students[0]).toMatchObject({
      nfcTagId: '04A1B2C3',
      pickupAndDropLat: 12.9716,
      pickupAndDropLng: 77.5946,
      parent: { id: family.id, user: { name: 'Meera Iyer' } },
      assignment: null,
    });
    const [user] = await t.app.database.db.select().from(users).where(eq(users.id, family.user.id));
    expect(user).toMatchObject({ role: 'parent', passwordHash: null });
  });

  it('leaves nothing behind when a child is invalid', async () => {
    const before = await Promise.all([count(users), count(parents), count(students)]);
    const answer = await api('POST', '/api/parents/create', {
      ...parent(),
      children: [child('Fine'), child('Broken', { pickupAndDropLat: 91 })],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      { field: 'children.1.pickupAndDropLat', message: 'Latitude must be between -90 and 90' },
    ]);
    expect(await Promise.all([count(users), count(parents), count(students)])).toEqual(before);
  });

  it('rolls the parent back when a child’s NFC tag is taken, and names the student who has it', async () => {
    await api('POST', '/api/parents/create', {
      ...parent(),
      children: [child('Kabir', { class: '3', nfcTagId: 'TAG1001' })],
    });
    const before = await Promise.all([count(users), count(parents), count(students)]);
    const email = `rollback-${uniqueTag().toLowerCase()}@example.com`;
    const answer = await api('POST', '/api/parents/create', {
      ...parent({ email }),
      children: [child('New One'), child('Clash', { nfcTagId: 'tag-1001' })],
    });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('NFC tag TAG1001 is already given to Kabir (Class 3).');
    expect(answer.body.errors[0].field).toBe('children.1.nfcTagId');
    expect(await Promise.all([count(users), count(parents), count(students)])).toEqual(before);
    expect(await t.app.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('refuses two children of one enrolment with the same tag', async () => {
    const answer = await api('POST', '/api/parents/create', {
      ...parent(),
      children: [child('A', { nfcTagId: 'DUPE01' }), child('B', { nfcTagId: 'dupe01' })],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].field).toBe('children.1.nfcTagId');
  });

  it('answers 409 on a duplicate email, and 400 per field for the section 5 required fields', async () => {
    const first = parent();
    expect((await api('POST', '/api/parents/create', first)).status).toBe(201);
    const duplicate = await api('POST', '/api/parents/create', parent({ email: first.email.toUpperCase() }));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.errors[0].field).toBe('email');

    const missing = await api('POST', '/api/parents/create', {
      name: 'Only Name',
      email: 'only@example.com',
      phone: '9845011111',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'address',
      'alternativePhone',
      'pinCode',
      'state',
    ]);
  });
});

describe('students', () => {
  it('adds, edits and removes a child of an existing parent', async () => {
    const family = (await api('POST', '/api/parents/create', parent())).body.data;
    const created = await api('POST', '/api/students/create', {
      parentId: family.id,
      ...child('Ishaan', { nfcTagId: 'ISH001' }),
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Student created successfully!');
    const id = created.body.data.id;
    const updated = await api('PUT', `/api/students/update/${id}`, {
      parentId: family.id,
      ...child('Ishaan', { class: '6', nfcTagId: 'ISH001' }),
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.class).toBe('6');
    expect((await api('GET', `/api/parents/get-one/${family.id}`)).body.data.childrenCount).toBe(1);
    expect((await api('DELETE', `/api/students/delete/${id}`)).body.message).toBe(
      'Student deleted successfully!',
    );
    expect((await api('GET', `/api/students/get-one/${id}`)).status).toBe(404);
    const actions = (
      await t.app.database.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.id)
    ).map((e) => e.action);
    expect(actions).toEqual(['student.created', 'student.updated', 'student.deleted']);
  });

  it('keeps the door-to-door flag through enrolment, edits, the details and the list (false unless said)', async () => {
    const enrolled = await api('POST', '/api/parents/create', {
      ...parent(),
      children: [child('Kabir', { doorToDoor: true }), child('Zoya')],
    });
    expect(enrolled.status).toBe(201);
    const [kabir, zoya] = enrolled.body.data.students as Array<{ id: string; doorToDoor: boolean }>;
    expect([kabir!.doorToDoor, zoya!.doorToDoor]).toEqual([true, false]);

    const updated = await api('PUT', `/api/students/update/${zoya!.id}`, {
      parentId: enrolled.body.data.id,
      ...child('Zoya', { doorToDoor: true }),
    });
    expect(updated.body.data.doorToDoor).toBe(true);
    const cleared = await api('PUT', `/api/students/update/${kabir!.id}`, {
      parentId: enrolled.body.data.id,
      ...child('Kabir', { doorToDoor: false }),
    });
    expect(cleared.body.data.doorToDoor).toBe(false);

    expect((await api('GET', `/api/students/get-one/${zoya!.id}`)).body.data.doorToDoor).toBe(true);
    const listed = await api('GET', '/api/students/get-all?search=Zoya');
    const row = (listed.body.data as Array<{ id: string; doorToDoor: boolean }>).find(
      (s) => s.id === zoya!.id,
    );
    expect(row?.doorToDoor).toBe(true);
    const [stored] = await t.app.database.db.select().from(students).where(eq(students.id, kabir!.id));
    expect(stored?.doorToDoor).toBe(false);
  });

  it('refuses a taken NFC tag on create and update, naming the holder', async () => {
    const family = (
      await api('POST', '/api/parents/create', {
        ...parent(),
        children: [child('Holder', { class: '8', nfcTagId: 'HOLD77' })],
      })
    ).body.data;
    const other = await api('POST', '/api/students/create', { parentId: family.id, ...child('Other') });
    const clash = await api('PUT', `/api/students/update/${other.body.data.id}`, {
      parentId: family.id,
      ...child('Other', { nfcTagId: 'hold77' }),
    });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({
      message: 'NFC tag HOLD77 is already given to Holder (Class 8).',
      errors: [{ field: 'nfcTagId' }],
    });
    // keeping one's own tag is fine
    const own = family.students[0];
    expect(
      (
        await api('PUT', `/api/students/update/${own.id}`, {
          parentId: family.id,
          ...child('Holder', { class: '9', nfcTagId: 'HOLD77' }),
        })
      ).status,
    ).toBe(200);
  });

  it.each([
    [{ pickupAndDropLat: -90.1 }, 'pickupAndDropLat'],
    [{ pickupAndDropLng: 180.5 }, 'pickupAndDropLng'],
    [{ pickupAndDropLat: 'north' }, 'pickupAndDropLat'],
    [{ pickupAndDropLng: null }, 'pickupAndDropLng'],
  ])('refuses coordinates out of bounds: %o', async (overrides, field) => {
    const family = (await api('POST', '/api/parents/create', parent())).body.data;
    const answer = await api('POST', '/api/students/create', {
      parentId: family.id,
      ...child('Lost', overrides),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
  });

  it('accepts the bounds themselves, and answers 404 for an unknown parent', async () => {
    const family = (await api('POST', '/api/parents/create', parent())).body.data;
    expect(
      (
        await api('POST', '/api/students/create', {
          parentId: family.id,
          ...child('Pole', { pickupAndDropLat: -90, pickupAndDropLng: 180 }),
        })
      ).status,
    ).toBe(201);
    const orphan = await api('POST', '/api/students/create', {
      parentId: '00000000-0000-4000-8000-000000000000',
      ...child('Orphan'),
    });
    expect(orphan.status).toBe(404);
  });
});

describe('deleting a parent', () => {
  it('deletes their children and takes them out of their route assignment, in one go', async () => {
    const family = (
      await api('POST', '/api/parents/create', {
        ...parent(),
        children: [child('Seat One'), child('Seat Two')],
      })
    ).body.data;
    const db = t.app.database.db;
    const make = recordsThrough(api);
    const [driver, vehicle, route] = await Promise.all([
      make.driver(),
      make.vehicle(),
      make.busRoute({ name: 'Family Route' }),
    ]);
    const assignment = await make.assignment(
      { driverId: driver.id, vehicleId: vehicle.id, routeId: route.id },
      family.students.map((s: { id: string }) => s.id),
    );
    const seated = await api('GET', `/api/students/get-one/${family.students[0].id}`);
    expect(seated.body.data.assignment).toEqual({
      id: assignment.id,
      routeId: route.id,
      routeName: 'Family Route',
    });

    const answer = await api('DELETE', `/api/parents/delete/${family.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Parent deleted successfully!');
    expect(await db.select().from(students).where(eq(students.parentId, family.id))).toHaveLength(0);
    expect(
      await db.select().from(assignmentStudents).where(eq(assignmentStudents.assignmentId, assignment.id)),
    ).toHaveLength(0);
    expect(await db.select().from(users).where(eq(users.id, family.user.id))).toHaveLength(0);
    // the assignment itself stays, now without those children
    expect(
      await db.select().from(routeAssignments).where(eq(routeAssignments.id, assignment.id)),
    ).toHaveLength(1);
  });
});

describe('lists', () => {
  let listApp: TestApp;
  let listApi: Api;
  beforeAll(async () => {
    listApp = await createTestApp();
    listApi = apiAs(listApp.app, await tokenFor(listApp.app, 'admin'));
    await listApi('POST', '/api/parents/create', {
      ...parent({ name: 'Farah Khan', email: 'farah@example.com', phone: '9000012345' }),
      children: [
        child('Zara', { class: '4B', rollNo: '31', nfcTagId: 'NFCZARA1' }),
        child('Ayaan', { class: '1A', rollNo: '2' }),
      ],
    });
    await listApi('POST', '/api/parents/create', {
      ...parent({ name: 'Tom Mathew', email: 'tom@example.com' }),
      children: [child('Riya', { class: '7C', rollNo: '44' })],
    });
  });
  afterAll(() => listApp.close());

  it('lists parents newest first with their number of children, searchable by name, email and phone', async () => {
    const all = await listApi('GET', '/api/parents/get-all');
    expect(
      all.body.data.map((p: { user: { name: string }; childrenCount: number }) => [
        p.user.name,
        p.childrenCount,
      ]),
    ).toEqual([
      ['Tom Mathew', 1],
      ['Farah Khan', 2],
    ]);
    for (const search of ['farah', 'FARAH@', '0001234']) {
      expect(
        (await listApi('GET', `/api/parents/get-all?search=${search}`)).body.data.map(
          (p: { user: { name: string } }) => p.user.name,
        ),
      ).toEqual(['Farah Khan']);
    }
  });

  it.each([
    ['zara', ['Zara']],
    ['4b', ['Zara']],
    ['44', ['Riya']],
    ['nfczara', ['Zara']],
    ['farah', ['Ayaan', 'Zara']],
  ])('searches students by name, class, roll no, NFC tag and parent name: %s', async (search, names) => {
    const answer = await listApi('GET', `/api/students/get-all?search=${search}`);
    expect(answer.body.data.map((s: { name: string }) => s.name).sort()).toEqual(names);
    expect(answer.body.data[0].parent.phone).toBeDefined();
  });

  it("finds children by their parent's new name once the parent is renamed, and by the old name no more", async () => {
    const family = await listApi('POST', '/api/parents/create', {
      ...parent({ name: 'Kiran Old', email: 'kiran@example.com' }),
      children: [child('Ishaan', { class: '2A', rollNo: '9' })],
    });
    const renamed = await listApi(
      'PUT',
      `/api/parents/update/${family.body.data.id}`,
      parent({ name: 'Kiran Newname', email: 'kiran@example.com' }),
    );
    expect(renamed.status).toBe(200);
    const names = async (search: string) =>
      (await listApi('GET', `/api/students/get-all?search=${search}`)).body.data.map(
        (s: { name: string }) => s.name,
      );
    expect(await names('newname')).toEqual(['Ishaan']);
    expect(await names('kiran old')).toEqual([]);
  });
});

describe('roles on family routes', () => {
  it.each(['driver', 'parent'] as const)('refuses a %s with 403', async (role) => {
    const as = apiAs(t.app, await tokenFor(t.app, role));
    expect((await as('GET', '/api/parents/get-all')).status).toBe(403);
    expect((await as('GET', '/api/students/get-all')).status).toBe(403);
    expect((await as('POST', '/api/parents/create', parent())).status).toBe(403);
    expect((await as('DELETE', '/api/students/delete/00000000-0000-4000-8000-000000000000')).status).toBe(
      403,
    );
  });

  it('answers the public settings without a token', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(answer.json().data.mapTileUrl).toContain('{z}');
  });
});

describe('the route of each child on the students list', () => {
  it('shows the route of the assignment a child is seated on, null for one not seated, in the list and its CSV', async () => {
    const tag = uniqueTag();
    const make = recordsThrough(api);
    const family = (
      await api('POST', '/api/parents/create', {
        ...parent(),
        children: [child(`Seated ${tag}`), child(`Walker ${tag}`)],
      })
    ).body.data;
    const [seated, walker] = family.students as Array<{ id: string }>;
    const [driver, vehicle, route] = await Promise.all([
      make.driver(),
      make.vehicle(),
      make.busRoute({ name: `Lake Road ${tag}` }),
    ]);
    const assignment = await make.assignment(
      { driverId: driver.id, vehicleId: vehicle.id, routeId: route.id },
      [seated!.id],
    );

    // One row a page: each page joins its own child's ride, not the first page's.
    const routeOf = async (page: number) => {
      const answer = await api('GET', `/api/students/get-all?search=${tag}&limit=1&page=${page}`);
      expect(answer.status).toBe(200);
      return answer.body.data.map((s: { id: string; assignment: unknown }) => [s.id, s.assignment]);
    };
    // Both children were enrolled in one transaction, so their order on the list is their ids'; read by id.
    const listed = new Map([...(await routeOf(1)), ...(await routeOf(2))]);
    expect(listed.size).toBe(2);
    expect(listed.get(walker!.id)).toBeNull();
    expect(listed.get(seated!.id)).toEqual({
      id: assignment.id,
      routeId: route.id,
      routeName: `Lake Road ${tag}`,
    });

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/exports/students.csv?search=${tag}`,
      headers: { authorization: await tokenFor(t.app, 'admin') },
    });
    const rows = parse(csv.rawPayload, { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(
      rows.map((row) => [row['Child name'], row['assignment.routeId'], row['assignment.routeName']]).sort(),
    ).toEqual([
      [`Seated ${tag}`, route.id, `Lake Road ${tag}`],
      [`Walker ${tag}`, '', ''],
    ]);
  });
});
