import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ParentDetails, RosterDiff, School, Student } from '@school-transport/shared';
import { familyPayload, recordsThrough, uniqueTag, type Records } from '@school-transport/testing';
import { queryRows } from '../src/db/client.js';
import { applyPlan } from '../src/modules/records/roster-sync/roster-queries.js';
import type { Plan } from '../src/modules/records/roster-sync/roster-diff.js';
import { hashPassword } from '../src/modules/platform/users/passwords.js';
import { login, sessionTokenOf, tokenFor } from './support/accounts.js';
import { geocoderPeer } from './support/geocoder-peer.js';
import { generateRoster, rosterBundle, type RosterData } from './support/oneroster.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

/**
 * Deactivated records (decision 076): a child, guardian or school roster sync found gone upstream is left out of
 * what plans, seats, lists, counts and tells, its history kept; the office reactivates by hand, a sync by finding it
 * again; a roster child's address goes to the geocoder when one is configured.
 */

const PASSWORD = 'a guardian password of theirs';

/** Deactivates as roster sync's apply does (its own writer), at `at`. */
async function deactivate(
  t: TestApp,
  at: Date,
  what: { students?: string[]; schools?: string[]; guardians?: Array<{ id: string; userId: string }> },
) {
  const plan: Plan = {
    schools: { insert: [], update: [], deactivate: what.schools ?? [] },
    guardians: { insert: [], update: [], deactivate: what.guardians ?? [] },
    students: { insert: [], update: [], deactivate: what.students ?? [] },
    links: { add: [], remove: [] },
  };
  await t.app.database.db.transaction((tx) => applyPlan(tx, plan, at));
}

describe('deactivated records', () => {
  const time = manualClock(new Date('2026-03-02T07:30:00'));
  let t: TestApp;
  let api: Api;
  let make: Records;
  let gone: Student;
  let staying: Student;
  let goneFamily: ParentDetails;
  let stayingFamily: ParentDetails;
  let routeId: string;
  let assignmentId: string;
  let school: School;
  let tag: string;

  const tripOf = async (date: string) => {
    const day = await api('GET', `/api/trips/get-all?dateFrom=${date}&dateTo=${date}&limit=100`);
    const trip = (day.body.data as Array<{ id: string; assignmentId: string | null; type: string }>).find(
      (row) => row.assignmentId === assignmentId && row.type === 'PICKUP',
    )!;
    const details = await api('GET', `/api/trips/get-one/${trip.id}`);
    return (details.body.data as { students: Student[] }).students.map((s) => s.id).sort();
  };
  const listed = async (query = '') => {
    const answer = await api(
      'GET',
      `/api/students/get-all?search=${encodeURIComponent(tag)}&limit=50${query}`,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as Student[];
  };
  const routeGuardians = async () =>
    (
      (await api('POST', '/api/family-messages/recipients', { audience: { kind: 'route', id: routeId } }))
        .body.data as { recipients: number }
    ).recipients;

  let countsBefore: { students: number; parents: number };
  const dashboardCounts = async () =>
    (
      (await api('GET', '/api/dashboard/summary')).body.data as {
        counts: { students: number; parents: number };
      }
    ).counts;

  beforeAll(async () => {
    t = await createTestApp({ clock: time.clock });
    api = apiAs(t.app, await tokenFor(t.app, 'admin'));
    make = recordsThrough(api);
    tag = uniqueTag();
    goneFamily = await make.family(familyPayload(`${tag}a`, 1));
    stayingFamily = await make.family(familyPayload(`${tag}b`, 1));
    [gone, staying] = [goneFamily.students[0]!, stayingFamily.students[0]!];
    const [driver, vehicle, route] = await Promise.all([make.driver(), make.vehicle(), make.busRoute()]);
    routeId = route.id;
    assignmentId = (
      await make.assignment({ driverId: driver.id, vehicleId: vehicle.id, routeId }, [gone.id, staying.id])
    ).id;
    const made = await api('POST', '/api/schools/create', {
      name: `School ${tag}`,
      lat: 12.97,
      lng: 77.61,
      bellTime: '08:30',
      dismissalTime: '15:10',
    });
    school = made.body.data as School;
    // The guardian who goes has a password, to be refused at sign-in.
    await t.app.database.db.execute(
      sql`update users set password_hash = ${await hashPassword(PASSWORD)} where id = ${goneFamily.user.id}`,
    );
    // Today's trips exist before anyone is deactivated: their manifests are history.
    expect((await api('POST', '/api/trips/generate', { date: '2026-03-02' })).status).toBe(200);
    expect(await routeGuardians()).toBe(2);
    countsBefore = await dashboardCounts();
    await deactivate(t, time.clock(), {
      students: [gone.id],
      schools: [school.id],
      guardians: [{ id: goneFamily.id, userId: goneFamily.user.id }],
    });
  });
  afterAll(() => t?.close());

  it('keeps a child on trips before the deactivation and leaves them off trips generated after', async () => {
    expect(await tripOf('2026-03-02')).toEqual([gone.id, staying.id].sort());
    expect((await api('POST', '/api/trips/generate', { date: '2026-03-03' })).status).toBe(200);
    expect(await tripOf('2026-03-03')).toEqual([staying.id]);
  });

  it('leaves deactivated children and guardians out of the dashboard’s counts', async () => {
    expect(await dashboardCounts()).toMatchObject({
      students: countsBefore.students - 1,
      parents: countsBefore.parents - 1,
    });
  });

  it('lists a deactivated child only when asked, saying since when', async () => {
    expect((await listed()).map((s) => s.id)).toEqual([staying.id]);
    const all = await listed('&withDeactivated=true');
    expect(all.map((s) => s.id).sort()).toEqual([gone.id, staying.id].sort());
    expect(all.find((s) => s.id === gone.id)!.deactivatedAt).toBe(time.clock().toISOString());
    expect(all.find((s) => s.id === staying.id)!.deactivatedAt).toBeNull();
    expect((await api('GET', '/api/students/get-all?withDeactivated=maybe')).status).toBe(400);
  });

  it('totals the lists as they open exactly, like the dashboard, each statement for its own rows', async () => {
    // More children than a filtered total counts (ten pages of five): only the counters give them exactly.
    // A family of its own tag: the other tests search this file's tag.
    const bulk = await make.family(familyPayload(uniqueTag(), 1));
    await t.app.database.db.execute(
      sql`insert into students (parent_id, name, class, roll_no, pickup_lat, pickup_lng)
        select ${bulk.id}, 'Bulk child ' || n, '1A', n::text, 12.97, 77.61 from generate_series(1, 60) n`,
    );
    const [counted] = await queryRows<{ gone: number }>(
      t.app.database.db,
      sql`select count(*)::int as gone from students where deactivated_at is not null`,
    );
    const deactivated = counted!.gone;
    const totalOf = async (query: string) =>
      (await api('GET', `/api/students/get-all?limit=5${query}`)).body.pagination as {
        total: number;
        moreThanTotal: boolean;
      };
    const { students } = await dashboardCounts();
    // Asked in turn, so that a statement prepared for one list would show in the other's total.
    for (let round = 0; round < 2; round += 1) {
      expect(await totalOf('')).toEqual(expect.objectContaining({ total: students, moreThanTotal: false }));
      expect(await totalOf('&withDeactivated=true')).toEqual(
        expect.objectContaining({ total: students + deactivated, moreThanTotal: false }),
      );
    }
    const guardians = (await api('GET', '/api/parents/get-all?limit=5')).body.pagination as { total: number };
    expect(guardians.total).toBe((await dashboardCounts()).parents);
  });

  it('does not plan a deactivated child, nor for a deactivated school, and offers no such school', async () => {
    const vehicle = await make.vehicle();
    const active = await api('POST', '/api/schools/create', {
      name: `Other ${tag}`,
      lat: 12.97,
      lng: 77.62,
      bellTime: '08:30',
      dismissalTime: '15:10',
    });
    const request = (schoolId: string, studentIds: string[]) =>
      api('POST', '/api/planner/proposals', { schoolId, studentIds, vehicleIds: [vehicle.id], seconds: 1 });
    const child = await request((active.body.data as School).id, [gone.id, staying.id]);
    expect(child.status).toBe(409);
    expect(child.body.message).toMatch(/1 of these children is deactivated/);
    const closed = await request(school.id, [staying.id]);
    expect(closed.status).toBe(409);
    expect(closed.body.message).toMatch(/is deactivated/);
    const pick = await api('GET', `/api/schools/get-all?search=${encodeURIComponent(tag)}&limit=50`);
    expect((pick.body.data as School[]).map((s) => s.name)).toEqual([`Other ${tag}`]);
    const all = await api(
      'GET',
      `/api/schools/get-all?search=${encodeURIComponent(tag)}&withDeactivated=true`,
    );
    expect((all.body.data as School[]).map((s) => s.name).sort()).toEqual([`Other ${tag}`, `School ${tag}`]);
  });

  it('refuses a deactivated guardian at sign-in in words, and leaves them out of the office’s messages', async () => {
    const answer = await login(t.app, goneFamily.user.email, PASSWORD);
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toMatch(/no longer on the school's roster/);
    // Of the route's two guardians, the deactivated one is no recipient (nor is the deactivated child's).
    expect(await routeGuardians()).toBe(1);
    const guardians = await api(
      'GET',
      `/api/parents/get-all?search=${encodeURIComponent(goneFamily.user.email)}`,
    );
    expect(guardians.body.data).toEqual([]);
  });

  it('drops a deactivated child from the portal’s Today, keeping their history for the guardian', async () => {
    // A guardian of both children (the office links the staying family's parent to the gone child).
    const linked = await api('POST', `/api/students/${gone.id}/guardians`, {
      parentId: stayingFamily.id,
      relation: 'OTHER',
    });
    expect(linked.status, JSON.stringify(linked.body)).toBeLessThan(300);
    const parent = apiAs(t.app, await sessionTokenOf(t.app, stayingFamily.user.id, time.clock()));
    const today = await parent('GET', '/api/parent/children');
    expect((today.body.data as Array<{ id: string }>).map((c) => c.id)).toEqual([staying.id]);
    expect((await parent('GET', `/api/parent/children/${gone.id}/history`)).status).toBe(200);
  });

  it('reactivates by hand, audited, and refuses a record already active', async () => {
    for (const [path, id] of [
      ['students', gone.id],
      ['parents', goneFamily.id],
      ['schools', school.id],
    ] as const) {
      const answer = await api('POST', `/api/${path}/${id}/reactivate`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.message).toMatch(/is active again/);
      const again = await api('POST', `/api/${path}/${id}/reactivate`);
      expect(again.status).toBe(409);
      expect(again.body.message).toMatch(/is active already/);
    }
    expect((await api('POST', `/api/students/${crypto.randomUUID()}/reactivate`)).status).toBe(404);
    const audit = await queryRows<{ action: string }>(
      t.app.database.db,
      sql`select action from audit_log where entity_id in (${gone.id}, ${goneFamily.id}, ${school.id})
          and action like '%.reactivated' order by action`,
    );
    expect(audit.map((row) => row.action)).toEqual([
      'parent.reactivated',
      'school.reactivated',
      'student.reactivated',
    ]);
    expect((await listed()).map((s) => s.id).sort()).toEqual([gone.id, staying.id].sort());
    // The account the roster disabled is enabled with the guardian.
    expect((await login(t.app, goneFamily.user.email, PASSWORD)).statusCode).toBe(200);
    // The day after next, the child rides again.
    expect((await api('POST', '/api/trips/generate', { date: '2026-03-04' })).status).toBe(200);
    expect(await tripOf('2026-03-04')).toEqual([gone.id, staying.id].sort());
  });

  it('is for administrators only', async () => {
    const viewer = apiAs(t.app, await tokenFor(t.app, 'viewer'));
    expect((await viewer('POST', `/api/students/${gone.id}/reactivate`)).status).toBe(403);
  });
});

/** A bundle synced through the API, answered. */
async function sync(t: TestApp, data: RosterData) {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/roster-sync/bundle?mode=apply',
    headers: { authorization: await tokenFor(t.app, 'admin'), 'content-type': 'application/zip' },
    payload: Buffer.from(rosterBundle(data)),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as { data: RosterDiff }).data;
}

const rosterChild = (t: TestApp, sourcedId: string) =>
  queryRows<{
    inactive: boolean;
    lat: number | null;
    address: string | null;
    status: string;
    source: string | null;
  }>(
    t.app.database.db,
    sql`select deactivated_at is not null as inactive, pickup_lat as lat, pickup_address as address,
          address_status::text as status, home_source::text as source
        from students where sourced_id = ${sourcedId}`,
  ).then((rows) => rows[0]!);
const rosterGuardian = (t: TestApp, sourcedId: string) =>
  queryRows<{ inactive: boolean; disabled: boolean }>(
    t.app.database.db,
    sql`select p.deactivated_at is not null as inactive, u.disabled_at is not null as disabled
        from parents p join users u on u.id = p.user_id where p.sourced_id = ${sourcedId}`,
  ).then((rows) => rows[0]!);

/** The roster with a home address on its first child. */
function rosterWithAddress(tag: string): RosterData {
  const data = generateRoster(tag, 2, 1);
  data.users.find((u) => u.sourcedId === `${tag}-s-0`)!.metadata = {
    address: '2 Elm Road',
    city: 'Leeds',
    country: 'gb',
  };
  return data;
}

describe('roster sync and deactivated records, with a geocoder', () => {
  const peer = geocoderPeer('nominatim', {
    '2 elm road, leeds': [{ label: '2 Elm Road, Leeds', lat: 53.81, lng: -1.56, rank: 30 }],
  });
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: peer.env });
  });
  afterAll(() => t?.close());

  it('sends a new roster child’s address to the geocoder as PENDING, which places it', async () => {
    const data = rosterWithAddress('geo');
    expect((await sync(t, data)).students.added).toBe(2);
    const child = await rosterChild(t, 'geo-s-0');
    expect(child.address).toBe('2 Elm Road');
    // Placed in the background by the job the apply woke (PENDING until then).
    await vi.waitFor(
      async () => expect(await rosterChild(t, 'geo-s-0')).toMatchObject({ status: 'PLACED', lat: 53.81 }),
      { timeout: 5_000, interval: 50 },
    );
    expect(peer.askedFor('2 elm road, leeds')).toBe(1);
    // A child without an address starts at the school's point, as before.
    expect(await rosterChild(t, 'geo-s-1')).toMatchObject({ status: 'NONE', source: 'HAND' });
  });

  it('reactivates a child and a guardian the next sync finds upstream again', async () => {
    const data = rosterWithAddress('geo');
    const without = structuredClone(data);
    without.users = without.users.filter((u) => u.sourcedId !== 'geo-s-1' && u.sourcedId !== 'geo-p-1');
    await sync(t, without);
    expect(await rosterChild(t, 'geo-s-1')).toMatchObject({ inactive: true });
    expect(await rosterGuardian(t, 'geo-p-1')).toEqual({ inactive: true, disabled: true });
    const back = await sync(t, data);
    expect([back.students.changed, back.guardians.changed]).toEqual([1, 1]);
    expect(await rosterChild(t, 'geo-s-1')).toMatchObject({ inactive: false });
    expect(await rosterGuardian(t, 'geo-p-1')).toEqual({ inactive: false, disabled: false });
  });
});

describe('roster sync without a geocoder', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('gives a new roster child the school’s point, its address not asked of anyone', async () => {
    await sync(t, rosterWithAddress('plain'));
    expect(await rosterChild(t, 'plain-s-0')).toMatchObject({
      status: 'NONE',
      source: 'HAND',
      address: null,
    });
    expect((await rosterChild(t, 'plain-s-0')).lat).not.toBeNull();
  });
});
