import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChildRun, ParentChild } from '@school-transport/shared';
import { absences, notificationOutbox, pushSubscriptions } from '../src/db/schema/index.js';
import { tokenFor } from './support/accounts.js';
import { familyOnBus, MILL, SCHOOL, type FamilyOnBus } from './support/parent-families.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

/**
 * The parent portal's API: a parent's children and their runs through a whole trip (the driver's own calls move
 * it), the bus only while it carries their child, absences up to the cut-off, history, settings and the family's
 * data; and, generated from the route table, that no parent route answers anything about another family.
 */
const TODAY = '2026-03-02';
const TOMORROW = '2026-03-03';
const PHONE = '01632 960000';
// London is on GMT in early March: wall-clock times read as UTC here.
const time = manualClock(new Date(`${TODAY}T06:00:00Z`));
/** Moves the clock forward to `iso` (tests run in order; time never goes back). */
const at = (iso: string) => {
  const ms = Date.parse(iso) - time.clock().getTime();
  if (ms < 0) throw new Error(`the clock is past ${iso}`);
  time.advance(ms);
};

let t: TestApp;
let admin: Api;
/** Followed through a whole morning trip. */
let rider: FamilyOnBus;
/** Marks absences. */
let marker: FamilyOnBus;
/** Another family, whose ids the others try. */
let other: FamilyOnBus;

beforeAll(async () => {
  t = await createTestApp({
    clock: time.clock,
    env: { LOG_LEVEL: 'silent', TIME_ZONE: 'Europe/London', OFFICE_PHONE: PHONE },
  });
  admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
  rider = await familyOnBus(t.app, admin, time.clock, { date: TODAY });
  marker = await familyOnBus(t.app, admin, time.clock, { date: TODAY, children: 2 });
  other = await familyOnBus(t.app, admin, time.clock, { date: TODAY });
  expect((await admin('POST', '/api/trips/generate', { date: TOMORROW })).status).toBe(200);
  return () => t.close();
});

const childrenOf = async (family: FamilyOnBus, date?: string): Promise<ParentChild[]> => {
  const answer = await family.parentApi('GET', `/api/parent/children${date ? `?date=${date}` : ''}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as ParentChild[];
};
const runOf = async (family: FamilyOnBus, run: 'PICKUP' | 'DROP', child = 0): Promise<ChildRun> =>
  (await childrenOf(family))[child]!.runs.find((entry) => entry.run === run)!;
const busOf = async (family: FamilyOnBus, tripId: string) => {
  const answer = await family.parentApi('GET', `/api/parent/trips/${tripId}/bus`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as { bus: Record<string, unknown> | null; reason: string | null };
};
const TOO_LATE = `It is too late to change this online; please call the office on ${PHONE}.`;

describe('settings', () => {
  it('tells the parent the cut-off and the office phone', async () => {
    const answer = await rider.parentApi('GET', '/api/parent/settings');
    expect(answer.body.data).toEqual({ absenceCutoffMinutes: 30, officePhone: PHONE });
  });
});

describe('absences', () => {
  it('are the parent’s until the cut-off before the planned time at the child’s stop, and the manifest shows them', async () => {
    at(`${TODAY}T06:00:00Z`);
    const kid = marker.kids[0]!;
    const marked = await marker.parentApi('POST', `/api/parent/children/${kid.id}/absences`, {
      date: TODAY,
      run: 'PICKUP',
    });
    expect(marked.status, JSON.stringify(marked.body)).toBe(201);
    expect(marked.body.data).toEqual([
      expect.objectContaining({ studentId: kid.id, date: TODAY, run: 'PICKUP', by: marker.parentEmail }),
    ]);
    const absenceId = marked.body.data[0].id as string;

    // The driver's manifest shows it as the office's would be shown.
    const manifest = await marker.driverApi('GET', `/api/driver/trips/${marker.pickup}`);
    expect(
      manifest.body.data.riders.find((rider: { studentId: string }) => rider.studentId === kid.id),
    ).toEqual(expect.objectContaining({ absent: true, state: 'ABSENT' }));
    const run = await runOf(marker, 'PICKUP');
    expect(run).toEqual(expect.objectContaining({ state: 'ABSENT', busVisible: false }));
    expect(run.absence?.id).toBe(absenceId);
    expect((await marker.parentApi('GET', `/api/parent/children/${kid.id}/absences`)).body.data).toEqual([
      expect.objectContaining({ id: absenceId }),
    ]);

    // 07:30 planned at Mill Lane, 30 minutes of cut-off: undoing works until 07:00, not after.
    at(`${TODAY}T06:59:00Z`);
    expect((await marker.parentApi('DELETE', `/api/parent/absences/${absenceId}`)).status).toBe(200);
    const again = await marker.parentApi('POST', `/api/parent/children/${kid.id}/absences`, {
      date: TODAY,
      run: 'PICKUP',
    });
    expect(again.status).toBe(201);
    at(`${TODAY}T07:01:00Z`);
    const late = await marker.parentApi('DELETE', `/api/parent/absences/${again.body.data[0].id}`);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(TOO_LATE);
    const lateMark = await marker.parentApi('POST', `/api/parent/children/${marker.kids[1]!.id}/absences`, {
      date: TODAY,
      run: 'PICKUP',
    });
    expect(lateMark.status).toBe(409);
    expect(lateMark.body.message).toBe(TOO_LATE);
  });

  it('checks each run of BOTH against its own planned time, and writes nothing when one is too late', async () => {
    const kid = marker.kids[1]!;
    const both = await marker.parentApi('POST', `/api/parent/children/${kid.id}/absences`, {
      date: TODAY,
      run: 'BOTH',
    });
    expect(both.status).toBe(409);
    expect(both.body.message).toBe(TOO_LATE);
    expect(await t.app.database.db.select().from(absences).where(eq(absences.studentId, kid.id))).toEqual([]);
    // The afternoon (15:35 at Mill Lane) is still open, and tomorrow wholly.
    const drop = await marker.parentApi('POST', `/api/parent/children/${kid.id}/absences`, {
      date: TODAY,
      run: 'DROP',
    });
    expect(drop.status).toBe(201);
    const tomorrow = await marker.parentApi('POST', `/api/parent/children/${kid.id}/absences`, {
      date: TOMORROW,
      run: 'BOTH',
    });
    expect(tomorrow.status).toBe(201);
    expect(tomorrow.body.data.map((row: { run: string }) => row.run).sort()).toEqual(['DROP', 'PICKUP']);
    const past = await marker.parentApi('POST', `/api/parent/children/${kid.id}/absences`, {
      date: '2026-02-27',
      run: 'DROP',
    });
    expect(past.status).toBe(409);
  });

  it('leaves the office’s marks to the office', async () => {
    const kid = marker.kids[0]!;
    const office = await admin('POST', `/api/students/${kid.id}/absences`, { date: TOMORROW, run: 'DROP' });
    expect(office.status).toBe(201);
    const undo = await marker.parentApi('DELETE', `/api/parent/absences/${office.body.data[0].id}`);
    expect(undo.status).toBe(409);
    expect(undo.body.message).toBe(
      `The office marked this; please call the office on ${PHONE} to change it.`,
    );
  });
});

describe('who entered an absence, as a parent reads it', () => {
  // A day no other test marks.
  const LATER = '2026-03-05';
  it('says "the office" for the office’s marks, never the admin’s sign-in address; the admin still sees who', async () => {
    const kid = marker.kids[1]!;
    const office = await admin('POST', `/api/students/${kid.id}/absences`, { date: LATER, run: 'PICKUP' });
    expect(office.status).toBe(201);
    const adminEmail = office.body.data[0].by as string;
    expect(adminEmail).toContain('@');
    // The other family marks their own child: their own address, to them.
    const own = await other.parentApi('POST', `/api/parent/children/${other.kids[0]!.id}/absences`, {
      date: LATER,
      run: 'DROP',
    });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect(own.body.data[0].by).toBe(other.parentEmail);

    const listed = await marker.parentApi('GET', `/api/parent/children/${kid.id}/absences`);
    const mark = (listed.body.data as { id: string; by: string }[]).find(
      (row) => row.id === office.body.data[0].id,
    );
    expect(mark!.by).toBe('the office');
    const tomorrow = await childrenOf(marker, LATER);
    const run = tomorrow.find((child) => child.id === kid.id)!.runs.find((entry) => entry.run === 'PICKUP')!;
    expect(run.absence!.by).toBe('the office');
    const data = await marker.parentApi('GET', '/api/parent/family-data');
    expect(data.status).toBe(200);
    expect(JSON.stringify(data.body)).not.toContain(adminEmail);
    expect(
      (data.body.data.absences as { by: string; date: string; studentId: string }[]).find(
        (row) => row.studentId === kid.id && row.date === LATER,
      )!.by,
    ).toBe('the office');
    // The admin sees who.
    const forOffice = await admin('GET', `/api/students/${kid.id}/absences`);
    expect(
      (forOffice.body.data as { id: string; by: string }[]).find((row) => row.id === office.body.data[0].id)!
        .by,
    ).toBe(adminEmail);
    // Leave the other family as the privacy test below expects it: no absence of their own.
    expect((await other.parentApi('DELETE', `/api/parent/absences/${own.body.data[0].id}`)).status).toBe(200);
  });
});

describe('a morning trip, as the parent sees it', () => {
  it('shows not started, then the bus on the way with an ETA, boarded, and left, and the bus only meanwhile', async () => {
    const kid = rider.kids[0]!;
    const [child] = await childrenOf(rider);
    expect(child).toEqual(expect.objectContaining({ id: kid.id, name: kid.name, date: TODAY }));
    expect(child!.runs).toEqual([
      {
        run: 'PICKUP',
        tripId: rider.pickup,
        tripStatus: 'PENDING',
        routeName: expect.any(String),
        state: 'NOT_STARTED',
        stop: { name: rider.stops.mill.name, ...MILL },
        plannedTime: '07:30',
        eta: null,
        boarded: null,
        left: null,
        handOverMiss: null,
        absence: null,
        cancelReason: null,
        // Who is coming, as planned (covers.test.ts has a substitute).
        coming: {
          driverName: expect.any(String),
          vehiclePlate: expect.any(String),
          substituteDriver: false,
          substituteVehicle: false,
        },
        delay: null,
        rescue: null,
        busVisible: false,
      },
      expect.objectContaining({
        run: 'DROP',
        tripId: rider.drop,
        state: 'NOT_STARTED',
        plannedTime: '15:35',
      }),
    ]);
    expect(await busOf(rider, rider.pickup)).toEqual({ bus: null, reason: 'The bus has not set out yet.' });

    at(`${TODAY}T07:20:00Z`);
    expect((await rider.driverApi('POST', `/api/driver/trips/${rider.pickup}/start`)).status).toBe(200);
    const onTheWay = await runOf(rider, 'PICKUP');
    expect(onTheWay).toEqual(
      expect.objectContaining({ state: 'ON_THE_WAY', tripStatus: 'STARTED', busVisible: true }),
    );
    // Mill Lane is the run's first stop: the bus is due there now, by the board's estimate.
    expect(Date.parse(onTheWay.eta!)).toBeGreaterThanOrEqual(time.clock().getTime());
    expect(await busOf(rider, rider.pickup)).toEqual({
      bus: null,
      reason: 'The bus has not sent its position yet.',
    });

    at(`${TODAY}T07:29:00Z`);
    await rider.position(rider.pickup, { lat: 51.499, lng: -0.119 });
    // Where and when, never speed, heading or the vehicle.
    expect(await busOf(rider, rider.pickup)).toEqual({
      bus: {
        tripId: rider.pickup,
        lat: 51.499,
        lng: -0.119,
        accuracy: 8,
        recordedAt: `${TODAY}T07:29:00.000Z`,
      },
      reason: null,
    });

    at(`${TODAY}T07:31:00Z`);
    await rider.ride(rider.pickup, kid.id, 'BOARD', MILL);
    const boarded = await runOf(rider, 'PICKUP');
    expect(boarded).toEqual(
      expect.objectContaining({
        state: 'BOARDED',
        boarded: { at: `${TODAY}T07:31:00.000Z`, stopName: rider.stops.mill.name, receivedBy: null },
        eta: null,
        busVisible: true,
      }),
    );
    // The last position is over a minute old: hidden, and said so.
    expect(await busOf(rider, rider.pickup)).toEqual({
      bus: null,
      reason: 'The bus has not sent its position for over a minute.',
    });

    at(`${TODAY}T07:50:00Z`);
    await rider.position(rider.pickup, SCHOOL);
    await rider.ride(rider.pickup, kid.id, 'ALIGHT', SCHOOL);
    const left = await runOf(rider, 'PICKUP');
    expect(left).toEqual(
      expect.objectContaining({
        state: 'LEFT',
        left: { at: `${TODAY}T07:50:00.000Z`, stopName: rider.stops.school.name, receivedBy: null },
        busVisible: false,
      }),
    );
    expect(await busOf(rider, rider.pickup)).toEqual({
      bus: null,
      reason: 'The bus is shown only while it carries your child.',
    });
    expect((await runOf(rider, 'DROP')).state).toBe('NOT_STARTED');
  });

  it('shows a child marked absent as absent, without the bus, while the trip runs for the others', async () => {
    at(`${TODAY}T07:52:00Z`);
    expect((await marker.driverApi('POST', `/api/driver/trips/${marker.pickup}/start`)).status).toBe(200);
    expect(await runOf(marker, 'PICKUP', 0)).toEqual(
      expect.objectContaining({ state: 'ABSENT', busVisible: false }),
    );
    expect(await runOf(marker, 'PICKUP', 1)).toEqual(
      expect.objectContaining({ state: 'ON_THE_WAY', busVisible: true }),
    );
    await marker.ride(marker.pickup, marker.kids[1]!.id, 'NO_SHOW', MILL);
    expect(await runOf(marker, 'PICKUP', 1)).toEqual(
      expect.objectContaining({ state: 'MISSED', busVisible: false }),
    );
    expect(await busOf(marker, marker.pickup)).toEqual({
      bus: null,
      reason: 'The bus is shown only while it carries your child.',
    });
  });

  it('shows a cancelled trip with its reason', async () => {
    expect((await admin('PUT', `/api/calendar/${TOMORROW}`, { kind: 'HOLIDAY' })).status).toBe(200);
    const [child] = await childrenOf(rider, TOMORROW);
    expect(child!.runs.map((run) => [run.state, run.cancelReason])).toEqual([
      ['CANCELLED', 'No school that day (school calendar).'],
      ['CANCELLED', 'No school that day (school calendar).'],
    ]);
    expect(await busOf(rider, await rider.tripOf('PICKUP', TOMORROW))).toEqual({
      bus: null,
      reason: 'This trip was cancelled.',
    });
  });
});

describe('history', () => {
  it('lists the child’s runs with board and leave times, newest first', async () => {
    const kid = rider.kids[0]!;
    const answer = await rider.parentApi('GET', `/api/parent/children/${kid.id}/history`);
    expect(answer.status).toBe(200);
    const today = answer.body.data.filter((entry: { date: string }) => entry.date === TODAY);
    expect(today).toEqual(
      [
        expect.objectContaining({
          run: 'DROP',
          tripId: rider.drop,
          state: 'NOT_STARTED',
          boarded: null,
          left: null,
        }),
        expect.objectContaining({
          run: 'PICKUP',
          tripId: rider.pickup,
          tripStatus: 'STARTED',
          state: 'LEFT',
          boarded: { at: `${TODAY}T07:31:00.000Z`, stopName: rider.stops.mill.name, receivedBy: null },
          left: { at: `${TODAY}T07:50:00.000Z`, stopName: rider.stops.school.name, receivedBy: null },
        }),
      ].sort((a, b) => (a.run < b.run ? -1 : 1)),
    );
    // Tomorrow's trips are not history yet.
    expect(answer.body.data.every((entry: { date: string }) => entry.date <= TODAY)).toBe(true);
  });
});

describe('the family’s data', () => {
  it('is a download of everything kept about this family only, devices by host', async () => {
    // The app's notification dispatcher (a job) forgets an endpoint that is not a browser's push service as soon as
    // it sends to it; this parent's queued notifications (and their retries) are settled first, so it has nothing
    // to send them while the test reads the download.
    await t.app.database.db
      .update(notificationOutbox)
      .set({ givenUpAt: new Date() })
      .where(
        and(
          eq(notificationOutbox.userId, rider.parentUserId),
          isNull(notificationOutbox.sentAt),
          isNull(notificationOutbox.givenUpAt),
        ),
      );
    await t.app.database.db.insert(pushSubscriptions).values({
      userId: rider.parentUserId,
      endpoint: 'https://push.example.net/wpush/v2/secret-path-123',
      p256dh: 'p256dh-key-value',
      auth: 'auth-secret-value',
      label: 'My phone',
    });
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/parent/family-data',
      headers: { authorization: rider.parentToken },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="family-data-${TODAY}.json"`);
    const data = answer.json().data;
    expect(data.parent).toEqual(
      expect.objectContaining({ name: rider.family.user.name, email: rider.parentEmail }),
    );
    expect(data.children.map((child: { id: string }) => child.id)).toEqual([rider.kids[0]!.id]);
    expect(data.ridershipEvents.map((event: { kind: string }) => event.kind)).toEqual(['BOARD', 'ALIGHT']);
    expect(data.pushSubscriptions).toEqual([
      { endpointHost: 'push.example.net', label: 'My phone', createdAt: expect.any(String) },
    ]);
    for (const secret of ['secret-path-123', 'p256dh-key-value', 'auth-secret-value'])
      expect(answer.body).not.toContain(secret);
    for (const foreign of [other.kids[0]!.name, other.parentEmail, marker.kids[0]!.name])
      expect(answer.body).not.toContain(foreign);
  });
});

describe('privacy: another family’s ids, on every parent route (from the route table)', () => {
  it('answers 403 or 404 and nothing of the other family', async () => {
    const db = t.app.database.db;
    const otherAbsence = await admin('POST', `/api/students/${other.kids[0]!.id}/absences`, {
      date: '2026-03-04',
      run: 'DROP',
    });
    expect(otherAbsence.status).toBe(201);
    const otherIds = [other.kids[0]!.id, other.pickup, other.drop, otherAbsence.body.data[0].id as string];
    const foreign = [other.kids[0]!.name, other.parentEmail, other.stops.mill.name, ...otherIds];
    const routes = t.app.routeTable.filter((route) => route.access === 'parent' && route.url.includes(':'));
    // Every parent route with a path parameter: a new one is covered without a line here.
    expect(routes.length).toBeGreaterThanOrEqual(5);
    // One body valid for every parent POST with an id (an absence, a message, an authorized adult), so that each
    // answer is about whose record it is, not about the body.
    const PROBE_BODY = {
      date: '2026-03-05',
      run: 'BOTH',
      body: 'A question',
      name: 'Rose Silva',
      relation: 'Grandmother',
      phone: '+91 98450 00000',
    };
    let calls = 0;
    for (const route of routes) {
      for (const id of otherIds) {
        const url = route.url.replace(/:\w+/g, id);
        const answer = await rider.parentApi(
          route.method as 'GET' | 'POST' | 'DELETE',
          url,
          route.method === 'POST' ? PROBE_BODY : undefined,
        );
        const label = `${route.method} ${url}: ${answer.status} ${JSON.stringify(answer.body)}`;
        expect([403, 404], label).toContain(answer.status);
        for (const value of foreign) expect(JSON.stringify(answer.body), label).not.toContain(value);
        calls += 1;
      }
    }
    expect(calls).toBe(routes.length * otherIds.length);
    // Nothing was written or removed for the other family.
    const rows = await db.select().from(absences).where(eq(absences.studentId, other.kids[0]!.id));
    expect(rows.map((row) => row.id)).toEqual([otherAbsence.body.data[0].id]);
    // And the lists name only their own children.
    const everything = JSON.stringify([
      (await rider.parentApi('GET', '/api/parent/children')).body,
      (await rider.parentApi('GET', `/api/parent/children?date=${TOMORROW}`)).body,
    ]);
    for (const value of foreign) expect(everything).not.toContain(value);
  });

  it('gives a parent with no family record nothing', async () => {
    const lone = apiAs(t.app, await tokenFor(t.app, 'parent'));
    expect((await lone('GET', '/api/parent/children')).body.data).toEqual([]);
    expect((await lone('GET', `/api/parent/trips/${other.pickup}/bus`)).status).toBe(404);
    expect((await lone('GET', '/api/parent/family-data')).status).toBe(404);
  });
});
