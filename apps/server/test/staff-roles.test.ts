import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { generateDataset } from '../src/db/generate/generate-dataset.js';
import { auditLog, planProposals, staffSchools } from '../src/db/schema/index.js';
import { createAccount, login } from './support/accounts.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Staff roles (issue 36, decision 069): roles given and changed by administrators (audited, the person's sessions
 * ended, the last administrator kept), and school staff's view scoped to their schools on the server: another
 * school's child, run or school is not found. Which role reaches which route is the authorization matrix's.
 */
let t: TestApp;
let admin: Api;
let adminId: string;
const db = () => t.app.database.db;
const NO_SUCH = '00000000-0000-4000-8000-000000000000';

/** A signed-in account of this role; `schoolIds` links a school-staff account to its schools directly. */
async function signedIn(role: 'admin' | 'dispatcher' | 'viewer' | 'school_staff', schoolIds: string[] = []) {
  const user = await createAccount(t.app, role);
  if (schoolIds.length > 0)
    await db()
      .insert(staffSchools)
      .values(schoolIds.map((schoolId) => ({ userId: user.id, schoolId })));
  const answer = await login(t.app, user.email);
  expect(answer.statusCode, answer.body).toBe(200);
  return { user, api: apiAs(t.app, answer.json().token as string) };
}

// Two schools, each the school of the children seated on one assignment (by an accepted plan, the records' link
// of a child to a school), and today's trips made by the product.
let schoolA: string;
let schoolB: string;
let childrenA: string[];
let childrenB: string[];
let tripA: string;
let tripB: string;

beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'silent', TIME_ZONE: 'UTC' } });
  const first = await signedIn('admin');
  admin = first.api;
  adminId = first.user.id;
  await generateDataset(db(), { students: 16, schoolDays: 0 });
  const today = new Date().toISOString().slice(0, 10);
  expect((await admin('POST', '/api/trips/generate', { date: today })).status).toBe(200);
  const seated = await queryRows<{ assignment_id: string; ids: string[] }>(
    db(),
    sql`select assignment_id, array_agg(student_id::text order by student_id) as ids from assignment_students
      group by assignment_id having count(*) > 0 order by assignment_id limit 2`,
  );
  expect(seated).toHaveLength(2);
  [childrenA, childrenB] = [seated[0]!.ids, seated[1]!.ids];
  const schools = await queryRows<{ id: string }>(db(), sql`select id from schools order by id limit 2`);
  [schoolA, schoolB] = [schools[0]!.id, schools[1]!.id];
  for (const [schoolId, studentIds] of [
    [schoolA, childrenA],
    [schoolB, childrenB],
  ] as const)
    await db()
      .insert(planProposals)
      .values({
        schoolId,
        status: 'DONE',
        request: { schoolId, studentIds, vehicleIds: [], seconds: 1, seed: 1 },
        createdAt: new Date(),
        heartbeatAt: new Date(),
        acceptedAt: new Date(),
      });
  const tripOf = async (assignmentId: string) =>
    (
      await queryRows<{ id: string }>(
        db(),
        sql`select id from trips where assignment_id = ${assignmentId} and trip_date = ${today} limit 1`,
      )
    )[0]!.id;
  [tripA, tripB] = [await tripOf(seated[0]!.assignment_id), await tripOf(seated[1]!.assignment_id)];
}, 120_000);
afterAll(() => t.close());

describe('school staff see their own schools only', () => {
  it('lists their schools, and the children and runs of today of each', async () => {
    const { api } = await signedIn('school_staff', [schoolA]);
    const schools = await api('GET', '/api/school/schools');
    expect(schools.body.data.map((school: { id: string }) => school.id)).toEqual([schoolA]);
    const children = await api('GET', `/api/school/schools/${schoolA}/children`);
    expect(children.status).toBe(200);
    expect(children.body.data.map((child: { id: string }) => child.id).sort()).toEqual(childrenA);
    const today = await api('GET', `/api/school/schools/${schoolA}/today`);
    const runIds = today.body.data.map((run: { id: string }) => run.id);
    expect(runIds).toContain(tripA);
    expect(runIds).not.toContain(tripB);
    for (const run of today.body.data) expect(run.children).toBeGreaterThan(0);
  });

  it('answers 404 for another school, its children and its runs, as for what does not exist', async () => {
    const { api } = await signedIn('school_staff', [schoolA]);
    for (const url of [
      `/api/school/schools/${schoolB}/children`,
      `/api/school/schools/${schoolB}/today`,
      `/api/school/children/${childrenB[0]}`,
      `/api/school/runs/${tripB}`,
      `/api/school/children/${NO_SUCH}`,
      `/api/school/runs/${NO_SUCH}`,
    ]) {
      const answer = await api('GET', url);
      expect(answer.status, url).toBe(404);
    }
    const child = await api('GET', `/api/school/children/${childrenA[0]}`);
    expect(child.status).toBe(200);
    expect(child.body.data.runsToday.length).toBeGreaterThan(0);
    const run = await api('GET', `/api/school/runs/${tripA}`);
    expect(run.status).toBe(200);
    for (const rider of run.body.data.riders) expect(childrenA).toContain(rider.id);
    // and the office's own routes stay closed to them
    expect((await api('GET', `/api/students/get-one/${childrenA[0]}`)).status).toBe(403);
  });

  it('sees both schools when linked to both', async () => {
    const { api } = await signedIn('school_staff', [schoolA, schoolB]);
    expect((await api('GET', '/api/school/schools')).body.data).toHaveLength(2);
    expect((await api('GET', `/api/school/runs/${tripB}`)).status).toBe(200);
    expect((await api('GET', `/api/school/children/${childrenB[0]}`)).status).toBe(200);
  });
});

describe('roles given and changed by administrators', () => {
  it('invites with a role; school staff need a school, the other roles none', async () => {
    const invited = await admin('POST', '/api/users/invite', {
      name: 'Sam School',
      email: `sam-${Date.now()}@example.com`,
      role: 'school_staff',
      schoolIds: [schoolA],
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    expect(invited.body.data).toMatchObject({ role: 'school_staff', schools: [{ id: schoolA }] });
    const noSchool = await admin('POST', '/api/users/invite', {
      name: 'No School',
      email: `none-${Date.now()}@example.com`,
      role: 'school_staff',
    });
    expect(noSchool.status).toBe(400);
    expect(noSchool.body.errors).toEqual([{ field: 'schoolIds', message: 'Choose at least one school.' }]);
    const dispatcher = await admin('POST', '/api/users/invite', {
      name: 'Dee Dispatch',
      email: `dee-${Date.now()}@example.com`,
      role: 'dispatcher',
    });
    expect(dispatcher.body.data).toMatchObject({ role: 'dispatcher', schools: [] });
  });

  it('changes a role and schools: audited, the person signed out, their school links following', async () => {
    const { user, api } = await signedIn('school_staff', [schoolA]);
    expect((await api('GET', '/api/school/schools')).status).toBe(200);
    const changed = await admin('PUT', `/api/users/role/${user.id}`, { role: 'viewer', schoolIds: [] });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ role: 'viewer', schools: [] });
    expect(changed.body.message).toBe('Test school_staff is now viewer; their sessions have ended.');
    expect((await api('GET', '/api/school/schools')).status).toBe(401);
    expect(await db().select().from(staffSchools).where(eq(staffSchools.userId, user.id))).toEqual([]);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, user.id), eq(auditLog.action, 'user.role_changed')));
    expect(entry?.details).toMatchObject({ from: 'school_staff', to: 'viewer', fromSchools: [schoolA] });
    // A viewer reads and changes nothing.
    const viewer = apiAs(t.app, (await login(t.app, user.email)).json().token as string);
    expect((await viewer('GET', '/api/students/get-all')).status).toBe(200);
    expect((await viewer('DELETE', `/api/students/delete/${childrenA[0]}`)).status).toBe(403);
    // The same role and schools again change nothing and write nothing.
    await admin('PUT', `/api/users/role/${user.id}`, { role: 'viewer', schoolIds: [] });
    const entries = await db().select().from(auditLog).where(eq(auditLog.entityId, user.id));
    expect(entries.filter((row) => row.action === 'user.role_changed')).toHaveLength(1);
  });

  it('refuses schools that do not match the role, and a school that does not exist', async () => {
    const { user } = await signedIn('viewer');
    const withSchools = await admin('PUT', `/api/users/role/${user.id}`, {
      role: 'dispatcher',
      schoolIds: [schoolA],
    });
    expect(withSchools.status).toBe(400);
    const gone = await admin('PUT', `/api/users/role/${user.id}`, {
      role: 'school_staff',
      schoolIds: [NO_SUCH],
    });
    expect(gone.status).toBe(400);
    expect(gone.body.errors[0].field).toBe('schoolIds');
    expect((await admin('PUT', `/api/users/role/${NO_SUCH}`, { role: 'viewer' })).status).toBe(404);
  });

  it('keeps the last administrator who can sign in: 409 in words', async () => {
    // Every other active administrator is made a dispatcher first: demoting another admin is allowed.
    const others = await queryRows<{ id: string }>(
      db(),
      sql`select id from users where role = 'admin' and disabled_at is null and password_hash is not null
        and id <> ${adminId}`,
    );
    for (const other of others) {
      const demoted = await admin('PUT', `/api/users/role/${other.id}`, { role: 'dispatcher' });
      expect(demoted.status, JSON.stringify(demoted.body)).toBe(200);
    }
    const last = await admin('PUT', `/api/users/role/${adminId}`, { role: 'viewer' });
    expect(last.status).toBe(409);
    expect(last.body.message).toBe(
      'Test admin is the last administrator who can sign in: make someone else an administrator first, then change this role.',
    );
    expect((await admin('GET', '/api/users/get-all')).status).toBe(200);
  });
});
