import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RosterDiff, RosterOverview } from '@school-transport/shared';
import { queryRows } from '../src/db/client.js';
import { tokenFor } from './support/accounts.js';
import {
  generateRoster,
  rosterBundle,
  startOneRosterServer,
  type OneRosterServer,
  type RosterData,
} from './support/oneroster.js';
import { adminTestApp } from './support/requests.js';

const { t, api } = adminTestApp();
const CLIENT = { clientId: 'schoolride', clientSecret: 's3cret-value' };

let adminToken: string | undefined;
async function sendBundle(zip: Uint8Array, mode: 'dry-run' | 'apply', expectPrint?: string) {
  adminToken ??= await tokenFor(t.app, 'admin');
  const query = new URLSearchParams({ mode, ...(expectPrint ? { expect: expectPrint } : {}) });
  const answer = await t.app.inject({
    method: 'POST',
    url: `/api/roster-sync/bundle?${query.toString()}`,
    headers: { authorization: adminToken, 'content-type': 'application/zip' },
    payload: Buffer.from(zip),
  });
  return { status: answer.statusCode, body: answer.json() as { data: RosterDiff; message: string } };
}

async function bundleDiff(data: RosterData, mode: 'dry-run' | 'apply', expectPrint?: string) {
  const answer = await sendBundle(rosterBundle(data), mode, expectPrint);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

const counts = (diff: RosterDiff) => ({
  schools: [diff.schools.added, diff.schools.changed, diff.schools.removed],
  students: [diff.students.added, diff.students.changed, diff.students.removed],
  guardians: [diff.guardians.added, diff.guardians.changed, diff.guardians.removed],
  links: [diff.links.added, diff.links.removed],
});
const NO_CHANGE = { schools: [0, 0, 0], students: [0, 0, 0], guardians: [0, 0, 0], links: [0, 0] };

/** Every table roster sync writes, counted and summed over updated_at: a sync that writes nothing moves neither. */
async function footprint() {
  const [row] = await queryRows<Record<string, string>>(
    t.app.database.db,
    sql`select (select count(*) || ':' || coalesce(max(updated_at)::text, '') from schools) as schools,
        (select count(*) || ':' || coalesce(max(updated_at)::text, '') from students) as students,
        (select count(*) || ':' || coalesce(max(updated_at)::text, '') from parents) as parents,
        (select count(*) || ':' || coalesce(max(updated_at)::text, '') from users) as users,
        (select count(*)::text from student_guardians) as links`,
  );
  return row!;
}

const student = (sourcedId: string) =>
  queryRows<{
    id: string;
    name: string;
    class: string;
    lat: number;
    lng: number;
    doorToDoor: boolean;
    handOver: string;
    inactive: boolean;
    guardians: number;
  }>(
    t.app.database.db,
    sql`select s.id, s.name, s.class, s.pickup_lat as lat, s.pickup_lng as lng, s.door_to_door as "doorToDoor",
          s.hand_over as "handOver", s.deactivated_at is not null as inactive,
          (select count(*)::int from student_guardians sg where sg.student_id = s.id) as guardians
        from students s where s.sourced_id = ${sourcedId}`,
  ).then((rows) => rows[0]);

const clone = (data: RosterData): RosterData => structuredClone(data);

describe('roster sync (OneRoster)', () => {
  let data: RosterData;
  let server: OneRosterServer;
  beforeAll(async () => {
    data = generateRoster('rs', 6, 2);
    server = await startOneRosterServer(data, { ...CLIENT, maxPage: 4 });
    adminToken = await tokenFor(t.app, 'admin');
  });
  afterAll(() => server.close());

  it('refuses a bad bundle in words and writes nothing', async () => {
    const before = await footprint();
    const notZip = await sendBundle(new TextEncoder().encode('sourcedId,name\n1,2\n'), 'apply');
    expect(notZip.status).toBe(400);
    expect(notZip.body.message).toMatch(/not a zip archive/);
    const noUsers = await sendBundle(rosterBundle(data, { 'users.csv': 'sourcedId,status\n' }), 'apply');
    expect(noUsers.status).toBe(400);
    expect(noUsers.body.message).toBe('users.csv has no "givenName", "familyName", "role" column.');
    const delta = await sendBundle(
      rosterBundle(data, { 'manifest.csv': 'propertyName,value\noneroster.version,1.1\nfile.users,delta\n' }),
      'apply',
    );
    expect(delta.status).toBe(400);
    expect(delta.body.message).toMatch(/users\.csv is a delta: export a bulk bundle/);
    expect(await footprint()).toEqual(before);
    // The failures are runs the office sees, with their reason.
    const overview = (await api('GET', '/api/roster-sync')).body.data as RosterOverview;
    expect(overview.runs.map((run) => run.outcome)).toEqual(['failed', 'failed', 'failed']);
    expect(overview.runs[2]!.error).toMatch(/not a zip archive/);
  });

  it('is for admins only', async () => {
    for (const role of ['driver', 'parent'] as const) {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/api/roster-sync',
        headers: { authorization: await tokenFor(t.app, role) },
      });
      expect(answer.statusCode).toBe(403);
    }
  });

  it('lists exactly the differences in a dry run, then applies them in one go', async () => {
    // The office already has one of the schools (by name) and one of the parents (by e-mail): both are taken over.
    const school = await api('POST', '/api/schools/create', {
      name: 'School rs 1',
      lat: 12.5,
      lng: 77.5,
      bellTime: '08:30',
      dismissalTime: '14:30',
    });
    expect(school.status, JSON.stringify(school.body)).toBe(201);
    const before = await footprint();
    const dry = await bundleDiff(data, 'dry-run');
    // 6 children; 6 parents and 2 guardians (children 0 and 3); a link each; the teacher left out.
    expect(counts(dry)).toEqual({
      schools: [1, 1, 0],
      students: [6, 0, 0],
      guardians: [8, 0, 0],
      links: [8, 0],
    });
    expect(dry.schools.addedRows).toEqual([{ sourcedId: 'rs-sch-0', name: 'School rs 0' }]);
    expect(dry.schools.changedRows).toEqual([
      { sourcedId: 'rs-sch-1', name: 'School rs 1', fields: ['sourcedId'] },
    ]);
    expect(dry.students.addedRows.map((row) => row.sourcedId)).toEqual([
      'rs-s-0',
      'rs-s-1',
      'rs-s-2',
      'rs-s-3',
      'rs-s-4',
      'rs-s-5',
    ]);
    expect(dry.students.addedRows[0]!.name).toBe('Child0 Family0');
    expect(dry.warningCount).toBe(0);
    expect(dry.applied).toBe(false);
    expect(await footprint()).toEqual(before);

    const applied = await bundleDiff(data, 'apply', dry.fingerprint);
    expect(applied.applied).toBe(true);
    expect(counts(applied)).toEqual(counts(dry));
    const child = await student('rs-s-0');
    expect(child).toMatchObject({ name: 'Child0 Family0', class: '01', guardians: 2, inactive: false });
    // A new child's pickup starts at their school until the office sets the home.
    const child1 = await student('rs-s-1');
    expect([child1!.lat, child1!.lng]).toEqual([12.5, 77.5]);
  });

  it('changes nothing when the same data is synced again', async () => {
    const before = await footprint();
    expect(counts(await bundleDiff(data, 'dry-run'))).toEqual(NO_CHANGE);
    const again = await bundleDiff(data, 'apply');
    expect(counts(again)).toEqual(NO_CHANGE);
    expect(again.students.unchanged).toBe(6);
    expect(again.guardians.unchanged).toBe(8);
    expect(await footprint()).toEqual(before);
  });

  it('keeps the fields the office owns when the roster changes a record', async () => {
    const child = (await student('rs-s-0'))!;
    await t.app.database.db.execute(
      sql`update students set pickup_lat = 12.91, pickup_lng = 77.61, pickup_address = '4 Elm Road',
            door_to_door = true, hand_over = 'ALWAYS' where id = ${child.id}`,
    );
    await t.app.database.db.execute(
      sql`update schools set lat = 13.1, bell_time = '09:00' where sourced_id = 'rs-sch-0'`,
    );
    data = clone(data);
    const user = data.users.find((u) => u.sourcedId === 'rs-s-0')!;
    user.givenName = 'Renamed';
    user.grades = ['02'];
    data.orgs.find((o) => o.sourcedId === 'rs-sch-0')!.name = 'School rs zero';
    const dry = await bundleDiff(data, 'dry-run');
    expect(counts(dry)).toEqual({
      schools: [0, 1, 0],
      students: [0, 1, 0],
      guardians: [0, 0, 0],
      links: [0, 0],
    });
    expect(dry.students.changedRows).toEqual([
      { sourcedId: 'rs-s-0', name: 'Renamed Family0', fields: ['name', 'grade'] },
    ]);
    await bundleDiff(data, 'apply', dry.fingerprint);
    expect(await student('rs-s-0')).toMatchObject({
      name: 'Renamed Family0',
      class: '02',
      lat: 12.91,
      lng: 77.61,
      doorToDoor: true,
      handOver: 'ALWAYS',
    });
    const [school] = await queryRows<{ name: string; lat: number; bell: string }>(
      t.app.database.db,
      sql`select name, lat, bell_time::text as bell from schools where sourced_id = 'rs-sch-0'`,
    );
    expect(school).toEqual({ name: 'School rs zero', lat: 13.1, bell: '09:00:00' });
  });

  it('deactivates what was removed upstream, keeping the records and their links', async () => {
    data = clone(data);
    // Child 5 and their parent gone from the file; child 4 marked for deletion.
    data.users = data.users.filter((u) => u.sourcedId !== 'rs-s-5' && u.sourcedId !== 'rs-p-5');
    data.users.find((u) => u.sourcedId === 'rs-s-4')!.status = 'tobedeleted';
    const dry = await bundleDiff(data, 'dry-run');
    expect(counts(dry)).toEqual({
      schools: [0, 0, 0],
      students: [0, 0, 2],
      guardians: [0, 0, 1],
      links: [0, 0],
    });
    expect(dry.students.removedRows.map((row) => row.sourcedId).sort()).toEqual(['rs-s-4', 'rs-s-5']);
    await bundleDiff(data, 'apply');
    expect(await student('rs-s-5')).toMatchObject({ inactive: true, guardians: 1 });
    expect(await student('rs-s-4')).toMatchObject({ inactive: true });
    const [parent] = await queryRows<{ inactive: boolean; disabled: boolean }>(
      t.app.database.db,
      sql`select p.deactivated_at is not null as inactive, u.disabled_at is not null as disabled
          from parents p join users u on u.id = p.user_id where p.sourced_id = 'rs-p-5'`,
    );
    expect(parent).toEqual({ inactive: true, disabled: true });
    // Gone stays gone: a second sync removes nothing more.
    expect(counts(await bundleDiff(data, 'dry-run'))).toEqual(NO_CHANGE);
    // Back upstream: active again (the account too, as the roster disabled it).
    data = generateRosterBack(data);
    const back = await bundleDiff(data, 'apply');
    expect(counts(back)).toEqual({
      schools: [0, 0, 0],
      students: [0, 1, 0],
      guardians: [0, 0, 0],
      links: [0, 0],
    });
    expect(await student('rs-s-4')).toMatchObject({ inactive: false });
  });

  it('pulls the same roster from a OneRoster 1.1 endpoint page by page, with client credentials', async () => {
    server.data = data;
    const saved = await api('PUT', '/api/roster-sync/source', {
      baseUrl: server.baseUrl,
      version: '1.1',
      tokenUrl: server.tokenUrl,
      ...CLIENT,
      everyHours: null,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const before = await footprint();
    const pulled = await api('POST', '/api/roster-sync/pull?mode=apply');
    expect(pulled.status, JSON.stringify(pulled.body)).toBe(200);
    expect(counts(pulled.body.data as RosterDiff)).toEqual(NO_CHANGE);
    expect(await footprint()).toEqual(before);
    expect(server.requests).toContain('POST /oauth/token');
    expect(server.requests).toContain('GET /ims/oneroster/v1p1/users?limit=1000&offset=4');

    // A child added upstream: the pull's dry run names them, its apply adds them.
    data = clone(data);
    data.users.push({
      ...data.users.find((u) => u.sourcedId === 'rs-s-1')!,
      sourcedId: 'rs-s-9',
      givenName: 'New',
      agentSourcedIds: ['rs-p-1'],
    });
    server.data = data;
    const dry = (await api('POST', '/api/roster-sync/pull?mode=dry-run')).body.data as RosterDiff;
    expect(counts(dry)).toEqual({
      schools: [0, 0, 0],
      students: [1, 0, 0],
      guardians: [0, 0, 0],
      links: [1, 0],
    });
    expect(dry.students.addedRows).toEqual([{ sourcedId: 'rs-s-9', name: 'New Family1' }]);
    // An apply of other data than the dry run showed is refused.
    const stale = await api('POST', '/api/roster-sync/pull?mode=apply&expect=0123');
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed since the dry run/);
    await api('POST', `/api/roster-sync/pull?mode=apply&expect=${dry.fingerprint}`);
    expect(await student('rs-s-9')).toMatchObject({ guardians: 1 });
  });

  it('reads the 1.2 rostering shape the same way, and says when the credentials are refused', async () => {
    const source = {
      baseUrl: server.baseUrl,
      tokenUrl: server.tokenUrl,
      clientId: CLIENT.clientId,
      everyHours: null,
    };
    await api('PUT', '/api/roster-sync/source', { ...source, version: '1.2' });
    const pulled = await api('POST', '/api/roster-sync/pull?mode=dry-run');
    expect(pulled.status, JSON.stringify(pulled.body)).toBe(200);
    expect(counts(pulled.body.data as RosterDiff)).toEqual(NO_CHANGE);
    expect(server.requests).toContain('GET /ims/oneroster/rostering/v1p2/orgs?limit=1000&offset=0');

    await api('PUT', '/api/roster-sync/source', { ...source, version: '1.2', clientSecret: 'wrong' });
    const before = await footprint();
    const refused = await api('POST', '/api/roster-sync/pull?mode=apply');
    expect(refused.status).toBe(502);
    expect(refused.body.message).toBe(
      'The token endpoint refused the client id and secret: check them in the roster settings.',
    );
    expect(await footprint()).toEqual(before);
    const overview = (await api('GET', '/api/roster-sync')).body.data as RosterOverview;
    expect(overview.source).toMatchObject({ version: '1.2', secretSet: true });
    expect(JSON.stringify(overview)).not.toContain('wrong');
    expect(overview.runs[0]).toMatchObject({ origin: 'endpoint', mode: 'apply', outcome: 'failed' });
  });

  it('pulls and applies on its schedule', async () => {
    await api('PUT', '/api/roster-sync/source', {
      baseUrl: server.baseUrl,
      tokenUrl: server.tokenUrl,
      version: '1.1',
      ...CLIENT,
      everyHours: 6,
    });
    t.app.jobRunner.wake('roster-sync');
    let run: RosterOverview['runs'][number] | undefined;
    for (let look = 0; look < 200 && !run; look += 1) {
      const overview = (await api('GET', '/api/roster-sync')).body.data as RosterOverview;
      run = overview.runs.find((r) => r.by === null && r.outcome === 'done');
      if (!run) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(run).toMatchObject({ origin: 'endpoint', mode: 'apply' });
    expect(run!.counts!.students).toEqual({ added: 0, changed: 0, removed: 0 });
  });
});

/** The data with child 4 active again. */
function generateRosterBack(data: RosterData): RosterData {
  const next = clone(data);
  next.users.find((u) => u.sourcedId === 'rs-s-4')!.status = 'active';
  return next;
}
