import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uniqueTag } from '@school-transport/testing';
import { auditLog, schools } from '../src/db/schema/index.js';
import { adminTestApp } from './support/requests.js';

const { t, api } = adminTestApp();

const school = (name: string, overrides: Record<string, unknown> = {}) => ({
  name,
  address: '12 Lake Road',
  lat: 12.97,
  lng: 77.59,
  bellTime: '08:30',
  dismissalTime: '15:10',
  ...overrides,
});
const fieldsOf = (body: { errors?: Array<{ field?: string; message: string }> }) =>
  body.errors?.map((error) => `${error.field}: ${error.message}`);

describe('schools, the resource', () => {
  it('creates, reads, lists by search, updates and deletes, with times in HH:MM and each change audited', async () => {
    const name = `Green Valley ${uniqueTag()}`;
    const created = await api('POST', '/api/schools/create', school(`  ${name} `, { lat: '12.9716' }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.message).toBe('School created successfully!');
    const id = (created.body.data as { id: string }).id;
    expect(created.body.data).toMatchObject({
      name,
      lat: 12.9716,
      bellTime: '08:30',
      dismissalTime: '15:10',
    });

    const found = await api('GET', `/api/schools/get-all?search=${encodeURIComponent(name)}`);
    expect(found.status).toBe(200);
    expect((found.body.data as Array<{ id: string }>).map((row) => row.id)).toEqual([id]);

    const updated = await api(
      'PUT',
      `/api/schools/update/${id}`,
      school(name, { bellTime: '08:05', address: '' }),
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({ bellTime: '08:05', address: null });
    const [row] = await t.app.database.db.select().from(schools).where(eq(schools.id, id));
    expect(row?.bellTime).toBe('08:05:00');

    expect((await api('DELETE', `/api/schools/delete/${id}`)).status).toBe(200);
    expect((await api('GET', `/api/schools/get-one/${id}`)).status).toBe(404);
    const actions = await t.app.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, id))
      .orderBy(auditLog.id);
    expect(actions.map((entry) => entry.action)).toEqual([
      'school.created',
      'school.updated',
      'school.deleted',
    ]);
  });

  it('refuses a name already taken, whatever its capitals, with a 409 on the name field', async () => {
    const name = `Hill Top ${uniqueTag()}`;
    expect((await api('POST', '/api/schools/create', school(name))).status).toBe(201);
    const again = await api('POST', '/api/schools/create', school(name.toUpperCase()));
    expect(again.status).toBe(409);
    expect(fieldsOf(again.body)).toEqual(['name: A school with this name already exists.']);
  });

  it.each([
    [{ bellTime: '8:30' }, 'bellTime: Bell time must be a time such as 07:30'],
    [{ dismissalTime: '08:00' }, 'dismissalTime: Dismissal time must be after the bell time'],
    [{ lat: 91 }, 'lat: Latitude must be between -90 and 90'],
    [{ name: '' }, 'name: School name is required'],
  ])('refuses %o with the reason on its field, saving nothing', async (change, reason) => {
    const name = `Refused ${uniqueTag()}`;
    const answer = await api('POST', '/api/schools/create', { ...school(name), ...change });
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer.body)).toContain(reason);
    const saved = await t.app.database.db.select().from(schools).where(eq(schools.name, name));
    expect(saved).toEqual([]);
  });
});
