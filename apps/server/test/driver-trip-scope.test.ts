import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Manifest, RidershipEventInput, RidershipKind } from '@school-transport/shared';
import { recordsThrough } from '@school-transport/testing';
import { alerts, notificationOutbox, trips } from '../src/db/schema/index.js';
import { tokenFor } from './support/accounts.js';
import { busWithTrips, type Bus } from './support/buses.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

/**
 * What a driver reaches of a trip, and when (decision 051): today's trips they hold in full; a trip that is over
 * only as its own record (who rode, as recorded) and only for two hours after it ended; never a child who was not
 * on it, never a card's tag once it is over. Events and positions are taken while a trip runs and for the same two
 * hours after, with device times inside the trip's span (5 minutes of clock skew either side); a card of another
 * route's child names no one to the driver and tells no family. Two drivers, two routes, two families each time.
 * The operator's clock: 10:00 in London (UTC in March) on 2026-03-02.
 */
const TODAY = '2026-03-02';
const time = manualClock(new Date(`${TODAY}T10:00:00Z`));
let t: TestApp;
let admin: Api;

beforeAll(async () => {
  t = await createTestApp({ clock: time.clock, env: { TIME_ZONE: 'Europe/London', LOG_LEVEL: 'silent' } });
  admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
  return () => t.close();
});

const at = (clock: string, day = TODAY) => new Date(`${day}T${clock}:00Z`);
const bus = (children = 2) => busWithTrips(t.app, admin, time.clock, { children, date: TODAY, start: [] });

/** Sets a trip's status and times as if it had run then. */
async function ran(tripId: string, fields: Partial<typeof trips.$inferInsert>) {
  await t.app.database.db.update(trips).set(fields).where(eq(trips.id, tripId));
}

const event = (
  tripId: string,
  who: { studentId: string } | { tagId: string },
  occurredAt: string,
  kind: RidershipKind = 'BOARD',
): RidershipEventInput => ({ eventId: randomUUID(), tripId, kind, method: 'NFC', occurredAt, ...who });

const send = (b: Bus, events: RidershipEventInput[]) => b.driverApi('POST', '/api/driver/events', { events });
const fix = (tripId: string, recordedAt: string) => ({
  positionId: randomUUID(),
  tripId,
  lat: 12.93,
  lng: 77.62,
  accuracy: 10,
  recordedAt,
});
const sendFixes = (b: Bus, fixes: ReturnType<typeof fix>[]) =>
  b.driverApi('POST', '/api/driver/positions', { positions: fixes });

describe('a finished trip, for the driver who ran it', () => {
  it('is its own record for two hours after it ended (who rode then, no tags, no photos), then refused; never another driver’s', async () => {
    const records = recordsThrough((method, url, body) => admin(method, url, body));
    const ann = await bus(2);
    const ben = await bus(1);
    const [rode, neverScanned] = ann.kids as [Bus['kids'][number], Bus['kids'][number]];
    // Ann ran the morning trip from 08:00: one child boarded by card and left at school.
    await ran(ann.pickup, { status: 'STARTED', startedAt: at('08:00') });
    expect(
      (
        await send(ann, [
          event(ann.pickup, { tagId: rode.nfcTagId! }, `${TODAY}T08:05:00Z`),
          event(ann.pickup, { tagId: rode.nfcTagId! }, `${TODAY}T08:35:00Z`, 'ALIGHT'),
        ])
      ).status,
    ).toBe(200);
    await ran(ann.pickup, { status: 'COMPLETED', completedAt: at('08:40') });

    // Then the office hands her route to another driver and seats a new child on it.
    const newcomer = (await records.children(1))[0]!;
    const other = await records.driver();
    const handed = await admin('PUT', `/api/route-assignments/update/${ann.assignmentId}`, {
      routeId: (await t.app.database.db.select().from(trips).where(eq(trips.id, ann.pickup)))[0]!.routeId,
      vehicleId: ann.vehicle.id,
      driverId: other.id,
    });
    expect(handed.status, JSON.stringify(handed.body)).toBe(200);
    const seated = await admin('POST', '/api/route-assignments/assign-students', {
      id: ann.assignmentId,
      studentIds: [...ann.kids.map((kid) => kid.id), newcomer.id],
    });
    expect(seated.status, JSON.stringify(seated.body)).toBe(200);

    // 10:00, 1 h 20 after it ended: the record, as it was.
    const record = await ann.driverApi('GET', `/api/driver/trips/${ann.pickup}`);
    expect(record.status, JSON.stringify(record.body)).toBe(200);
    const manifest = record.body.data as Manifest;
    expect(manifest.riders).toEqual([
      {
        studentId: rode.id,
        name: rode.name,
        class: '',
        photoUrl: null,
        nfcTagId: null,
        stopPosition: null,
        state: 'LEFT',
        absent: false,
        // A finished trip's record names no authorized adult and no office note (decisions 065, 067).
        handOver: null,
        handOverMiss: null,
        officeNote: null,
      },
    ]);
    expect(manifest.events.map((e) => e.tagId)).toEqual([null, null]);
    const text = JSON.stringify(manifest);
    for (const absent of [newcomer.id, newcomer.name, neverScanned.id, neverScanned.name])
      expect(text).not.toContain(absent);
    for (const tag of [rode.nfcTagId!, neverScanned.nfcTagId!, newcomer.nfcTagId!])
      expect(text).not.toContain(tag);

    // Another driver never reaches it, by id or by sending to it.
    expect((await ben.driverApi('GET', `/api/driver/trips/${ann.pickup}`)).status).toBe(404);
    expect(
      (await send(ben, [event(ann.pickup, { tagId: rode.nfcTagId! }, `${TODAY}T08:10:00Z`)])).status,
    ).toBe(404);
    expect((await sendFixes(ben, [fix(ann.pickup, `${TODAY}T08:10:00Z`)])).status).toBe(404);

    // Past the two hours: refused, in words.
    time.advance(41 * 60_000); // 10:41, 2 h 1 min after 08:40
    const late = await ann.driverApi('GET', `/api/driver/trips/${ann.pickup}`);
    expect(late.status).toBe(410);
    expect(late.body.message).toBe(
      `This trip ended at 08:40 on ${TODAY}; the driver app no longer shows it. The office has its record.`,
    );
    // The office still has the whole trip.
    expect((await admin('GET', `/api/trips/${ann.pickup}/manifest`)).status).toBe(200);
  });

  it("shows today's running trip in full to its driver, a past running one only as its record", async () => {
    const cat = await bus(2);
    await ran(cat.pickup, { status: 'STARTED', startedAt: at('09:00') });
    const live = (await cat.driverApi('GET', `/api/driver/trips/${cat.pickup}`)).body.data as Manifest;
    expect(live.riders.map((rider) => rider.nfcTagId).sort()).toEqual(
      cat.kids.map((kid) => kid.nfcTagId).sort(),
    );

    // Left running since yesterday: it can still be finished, but its children's cards are not handed out.
    await ran(cat.pickup, { tripDate: '2026-03-01', startedAt: at('07:00', '2026-03-01') });
    const old = await cat.driverApi('GET', `/api/driver/trips/${cat.pickup}`);
    expect(old.status).toBe(200);
    expect((old.body.data as Manifest).riders).toEqual([]);
    expect(JSON.stringify(old.body.data)).not.toContain(cat.kids[0]!.nfcTagId!);
    // A trip of another day that never ran is not open either.
    await ran(cat.drop, { tripDate: '2026-03-05' });
    const ahead = await cat.driverApi('GET', `/api/driver/trips/${cat.drop}`);
    expect(ahead.status).toBe(409);
    expect(ahead.body.message).toBe('This trip is for 2026-03-05; it opens on the driver app on that day.');
  });
});

describe('uploads for a trip', () => {
  it('are taken for two hours after it ended, with times inside its span, and refused in words after', async () => {
    const dan = await bus(1);
    const kid = dan.kids[0]!;
    const now = time.clock();
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000);
    // Ended 1 h ago: a phone back in signal uploads what it recorded on the way.
    await ran(dan.pickup, { status: 'COMPLETED', startedAt: hoursAgo(1.5), completedAt: hoursAgo(1) });
    const during = new Date(hoursAgo(1.25)).toISOString();
    expect((await send(dan, [event(dan.pickup, { studentId: kid.id }, during)])).status).toBe(200);
    expect((await sendFixes(dan, [fix(dan.pickup, during)])).status).toBe(200);

    // A time before its start or after its end (beyond 5 minutes of clock skew) is refused: backdating rewrites it.
    const before = await send(dan, [
      event(dan.pickup, { studentId: kid.id }, hoursAgo(1.5 + 6 / 60).toISOString(), 'ALIGHT'),
    ]);
    expect(before.status).toBe(409);
    expect(before.body.message).toMatch(
      /^A time of \d\d:\d\d is outside this trip \(it ran from .*; nothing was recorded\.$/,
    );
    const after = await send(dan, [
      event(dan.pickup, { studentId: kid.id }, hoursAgo(1 - 6 / 60).toISOString(), 'ALIGHT'),
    ]);
    expect(after.status).toBe(409);
    const weeksAgo = await sendFixes(dan, [fix(dan.pickup, '2026-02-10T08:00:00Z')]);
    expect(weeksAgo.status).toBe(409);
    expect(weeksAgo.body.message).toMatch(/^A time of 08:00 on 2026-02-10 is outside this trip/);
    // Within the skew: taken.
    const skewed = await send(dan, [
      event(dan.pickup, { studentId: kid.id }, hoursAgo(1 - 4 / 60).toISOString(), 'ALIGHT'),
    ]);
    expect(skewed.status).toBe(200);

    // Ended more than two hours ago: nothing is taken any more.
    await ran(dan.pickup, { startedAt: hoursAgo(3), completedAt: hoursAgo(2.5) });
    const closed = await send(dan, [event(dan.pickup, { studentId: kid.id }, hoursAgo(2.75).toISOString())]);
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe(
      `This trip ended at ${hoursAgo(2.5).toISOString().slice(11, 16)}; it no longer takes scans.`,
    );
    const closedFixes = await sendFixes(dan, [fix(dan.pickup, hoursAgo(2.75).toISOString())]);
    expect(closedFixes.status).toBe(409);
    expect(closedFixes.body.message).toBe(
      `This trip ended at ${hoursAgo(2.5).toISOString().slice(11, 16)}; it no longer takes positions.`,
    );
  });

  it('are refused for a time ahead of now while the trip runs', async () => {
    const eve = await bus(1);
    const now = time.clock();
    await ran(eve.pickup, { status: 'STARTED', startedAt: new Date(now.getTime() - 30 * 60_000) });
    const ahead = new Date(now.getTime() + 10 * 60_000).toISOString();
    expect((await send(eve, [event(eve.pickup, { studentId: eve.kids[0]!.id }, ahead)])).status).toBe(409);
    expect((await sendFixes(eve, [fix(eve.pickup, ahead)])).status).toBe(409);
  });
});

describe("a card of another route's child", () => {
  it('answers no child, tells no family, and still raises the wrong-bus alert', async () => {
    const fay = await bus(1);
    const gus = await bus(1);
    const mine = fay.kids[0]!;
    const theirs = gus.kids[0]!;
    const now = time.clock();
    await ran(fay.pickup, { status: 'STARTED', startedAt: new Date(now.getTime() - 10 * 60_000) });
    const when = new Date(now.getTime() - 5 * 60_000).toISOString();

    const answer = await send(fay, [
      event(fay.pickup, { tagId: theirs.nfcTagId! }, when),
      event(fay.pickup, { studentId: theirs.id }, when, 'ALIGHT'),
      event(fay.pickup, { tagId: mine.nfcTagId! }, when),
    ]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [byTag, byId, own] = answer.body.data.outcomes;
    expect(byTag).toMatchObject({ studentId: null, studentName: null, flag: 'WRONG_BUS' });
    expect(byId).toMatchObject({ studentId: null, studentName: null, flag: 'WRONG_BUS' });
    expect(own).toMatchObject({ studentId: mine.id, studentName: mine.name, flag: null });
    // Sent again (an outbox replaying): the same answer.
    const again = await send(fay, [
      { ...event(fay.pickup, { tagId: theirs.nfcTagId! }, when), eventId: byTag.eventId },
    ]);
    expect(again.body.data.outcomes[0]).toMatchObject({ studentId: null, duplicate: true });

    const told = await t.app.database.db
      .select()
      .from(notificationOutbox)
      .where(like(notificationOutbox.dedupKey, `%:${fay.pickup}:%`));
    expect(told.map((row) => row.dedupKey.split(':')[2])).toEqual([mine.id]);
    const raised = await t.app.database.db
      .select()
      .from(alerts)
      .where(eq(alerts.cause, `WRONG_BUS:${fay.pickup}:${theirs.id}`));
    expect(raised).toHaveLength(1);
    expect(raised[0]!.studentId).toBe(theirs.id);

    // The manifest does not give the id away either.
    const manifest = (await fay.driverApi('GET', `/api/driver/trips/${fay.pickup}`)).body.data as Manifest;
    expect(JSON.stringify(manifest)).not.toContain(theirs.id);
  });
});

describe("privacy: another driver's trips, on every driver route with a path parameter (from the route table)", () => {
  it("answers 404 and nothing of the other driver's trip or children, and changes nothing", async () => {
    const [dan, eve] = await Promise.all([bus(2), bus(2)]);
    // One of Eve's trips runs, so a refusal cannot be only for its state.
    await ran(eve.pickup, { status: 'STARTED', startedAt: time.clock() });
    const routes = t.app.routeTable.filter((route) => route.access === 'driver' && route.url.includes(':'));
    // Every driver route with a path parameter: a new one is covered without a line here.
    expect(routes.length).toBeGreaterThanOrEqual(4);
    const foreign = [eve.pickup, eve.drop, ...eve.kids.flatMap((kid) => [kid.id, kid.name, kid.nfcTagId!])];
    const before = await t.app.database.db
      .select()
      .from(trips)
      .where(eq(trips.assignmentId, eve.assignmentId));
    let calls = 0;
    for (const route of routes) {
      for (const tripId of [eve.pickup, eve.drop]) {
        const url = route.url.replace(':id', tripId).replace(/:\w+/g, randomUUID());
        const body = url.endsWith('/note')
          ? { note: 'Gate code 1234' }
          : route.method === 'GET'
            ? undefined
            : {};
        const answer = await dan.driverApi(route.method as 'GET' | 'POST' | 'PUT', url, body);
        const label = `${route.method} ${url}: ${answer.status} ${JSON.stringify(answer.body)}`;
        expect(answer.status, label).toBe(404);
        for (const value of foreign) expect(JSON.stringify(answer.body), label).not.toContain(value);
        calls += 1;
      }
    }
    expect(calls).toBe(routes.length * 2);
    // Eve's trips are as they were (not started, finished or noted by Dan).
    const after = await t.app.database.db
      .select()
      .from(trips)
      .where(eq(trips.assignmentId, eve.assignmentId));
    expect(after).toEqual(before);
  });
});
