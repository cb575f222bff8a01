import { randomUUID } from 'node:crypto';
import { count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  riderStates,
  studentOfEvent,
  type PositionInput,
  type RidershipEventInput,
  type RidershipKind,
} from '@school-transport/shared';
import { ridershipEvents, vehiclePositions } from '../src/db/schema/index.js';
import { eventsOfTrip } from '../src/modules/operations/ridership/ridership-queries.js';
import { tokenFor } from './support/accounts.js';
import { busWithTrips, type Bus } from './support/buses.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

// Events of 07:00 to 08:00 of trips started at 06:55, sent at 08:30: inside each trip's span (decision 051).
const time = manualClock(new Date('2026-03-02T08:30:00Z'));
let t: TestApp;
let admin: Api;

beforeAll(async () => {
  t = await createTestApp({ clock: time.clock, env: { LOG_LEVEL: 'silent' } });
  admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
  return () => t.close();
});

const bus = (options: Parameters<typeof busWithTrips>[3] = {}) =>
  busWithTrips(t.app, admin, time.clock, { startedAt: new Date('2026-03-02T06:55:00Z'), ...options });

const event = (
  tripId: string,
  who: { studentId: string } | { tagId: string },
  kind: RidershipKind = 'BOARD',
  occurredAt = '2026-03-02T07:31:00Z',
): RidershipEventInput => ({ eventId: randomUUID(), tripId, kind, method: 'TAP', occurredAt, ...who });

async function rowsOf(tripIds: string[]) {
  return t.app.database.db.select().from(ridershipEvents).where(inArray(ridershipEvents.tripId, tripIds));
}

/** A small deterministic generator, so a failing shuffle can be run again. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 2 ** 32;
  };
}

function shuffled<T>(items: T[], next: () => number) {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

describe('replays', () => {
  it('2,400 events replayed three times in shuffled order give one row each and the same states', async () => {
    const buses = await Promise.all([1, 2, 3, 4].map(() => bus({ children: 10 })));
    const next = random(14);
    const kinds: RidershipKind[] = ['BOARD', 'ALIGHT', 'NO_SHOW'];
    const start = Date.parse('2026-03-02T07:00:00Z');
    const byDriver = new Map<Bus, RidershipEventInput[]>(buses.map((b) => [b, []]));
    // 600 events a bus: more than one batch of at most 500 (a replay spans batches), at a quarter of the cost of
    // 10,000; what is proven (one row per id, the same states whatever the order) does not grow with the count.
    const EVENTS = 2_400;
    // Whole seconds within 864 s (as dense as 10,000 in an hour): many events share a time, so ties are decided
    // by the event id, as checked below.
    const SECONDS = 864;
    for (let i = 0; i < EVENTS; i += 1) {
      const b = buses[i % buses.length]!;
      const kid = b.kids[Math.floor(next() * b.kids.length)]!;
      const at = new Date(start + Math.floor(next() * SECONDS) * 1000).toISOString();
      byDriver.get(b)!.push(event(b.pickup, { studentId: kid.id }, kinds[Math.floor(next() * 3)], at));
    }

    // Expected without riderStates: each child's latest event by (time, id) decides.
    const STATE = { BOARD: 'ON_BUS', ALIGHT: 'LEFT', NO_SHOW: 'NO_SHOW' } as const;
    const latest = new Map<string, RidershipEventInput>();
    for (const e of [...byDriver.values()].flat()) {
      const before = latest.get(e.studentId!);
      const later =
        !before ||
        Date.parse(e.occurredAt) > Date.parse(before.occurredAt) ||
        (e.occurredAt === before.occurredAt && e.eventId > before.eventId);
      if (later) latest.set(e.studentId!, e);
    }
    const expected = new Map([...latest].map(([kid, e]) => [kid, STATE[e.kind]]));
    // Some child's latest time is shared by another of their events: there the event id decides.
    const all = [...byDriver.values()].flat();
    expect(
      [...latest.values()].some((last) =>
        all.some((e) => e !== last && e.studentId === last.studentId && e.occurredAt === last.occurredAt),
      ),
    ).toBe(true);

    const tripIds = buses.map((b) => b.pickup);
    for (const pass of [1, 2, 3]) {
      let created = 0;
      let duplicates = 0;
      for (const b of buses) {
        const events = shuffled(byDriver.get(b)!, next);
        for (let from = 0; from < events.length; from += 500) {
          const answer = await b.driverApi('POST', '/api/driver/events', {
            events: events.slice(from, from + 500),
          });
          expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
          created += answer.body.data.created;
          duplicates += answer.body.data.duplicates;
        }
      }
      expect({ pass, created, duplicates }).toEqual(
        pass === 1 ? { pass, created: EVENTS, duplicates: 0 } : { pass, created: 0, duplicates: EVENTS },
      );
      const [stored] = await t.app.database.db
        .select({ n: count() })
        .from(ridershipEvents)
        .where(inArray(ridershipEvents.tripId, tripIds));
      expect(stored!.n).toBe(EVENTS);
      const states = new Map<string, string>();
      for (const tripId of tripIds)
        for (const [kid, state] of riderStates(await eventsOfTrip(t.app.database.db, tripId), {
          childOf: studentOfEvent,
        }))
          states.set(kid, state);
      expect(states).toEqual(expected);
    }
  }, 180_000);

  it('counts an id repeated within one batch once, and answers duplicates with what was stored', async () => {
    const b = await bus();
    const first = event(b.pickup, { studentId: b.kids[0]!.id });
    const answer = await b.driverApi('POST', '/api/driver/events', { events: [first, first] });
    expect(answer.body.data).toMatchObject({ created: 1, duplicates: 1 });
    expect(answer.body.data.outcomes.map((o: { duplicate: boolean }) => o.duplicate)).toEqual([false, true]);
    const again = await b.driverApi('POST', '/api/driver/events', {
      events: [{ ...first, eventId: first.eventId.toUpperCase() }],
    });
    expect(again.body.data).toEqual({
      created: 0,
      duplicates: 1,
      outcomes: [
        {
          eventId: first.eventId,
          duplicate: true,
          studentId: b.kids[0]!.id,
          studentName: b.kids[0]!.name,
          flag: null,
        },
      ],
    });
  });
});

describe('what an event is about', () => {
  it('resolves tags, copies the name of a seated child only, and flags an unknown tag and a child of another bus', async () => {
    const [b, other] = await Promise.all([bus(), bus()]);
    const [mine, ours] = b.kids;
    const stranger = other.kids[0]!;
    const events = [
      event(b.pickup, { tagId: mine!.nfcTagId!.toLowerCase() }),
      event(b.pickup, { studentId: ours!.id }, 'NO_SHOW'),
      event(b.pickup, { tagId: 'DEAD:BE:EF:01' }),
      event(b.pickup, { tagId: stranger.nfcTagId! }),
      event(b.pickup, { studentId: stranger.id }, 'ALIGHT'),
      event(b.pickup, { studentId: randomUUID() }),
    ];
    const answer = await b.driverApi('POST', '/api/driver/events', { events });
    expect(answer.status).toBe(200);
    expect(answer.body.data.created).toBe(6);
    const outcome = (studentId: string | null, studentName: string | null, flag: string | null) => ({
      duplicate: false,
      studentId,
      studentName,
      flag,
    });
    expect(answer.body.data.outcomes).toEqual(
      [
        outcome(mine!.id, mine!.name, null),
        outcome(ours!.id, ours!.name, null),
        outcome(null, null, 'UNKNOWN_TAG'),
        // Another bus's child: neither their id nor their name to this driver (the stored event keeps the id for
        // the office, below).
        outcome(null, null, 'WRONG_BUS'),
        outcome(null, null, 'WRONG_BUS'),
        outcome(null, null, 'UNKNOWN_TAG'),
      ].map((o, i) => ({ eventId: events[i]!.eventId, ...o })),
    );
    const stored = new Map((await rowsOf([b.pickup])).map((row) => [row.eventId, row]));
    expect(stored.get(events[0]!.eventId)).toMatchObject({
      studentId: mine!.id,
      studentName: mine!.name,
      tagId: mine!.nfcTagId,
      recordedBy: b.driver.user.id,
      receivedAt: time.clock(),
      method: 'TAP',
    });
    expect(stored.get(events[2]!.eventId)).toMatchObject({
      studentId: null,
      tagId: 'DEADBEEF01',
      flag: 'UNKNOWN_TAG',
    });
    expect(stored.get(events[4]!.eventId)).toMatchObject({
      kind: 'ALIGHT',
      flag: 'WRONG_BUS',
      studentId: stranger.id,
      studentName: null,
    });
  });

  it("forgets a deleted child's name in their events, keeping the events for the trip's counts", async () => {
    const b = await bus({ children: 1 });
    const kid = b.kids[0]!;
    const sent = event(b.pickup, { studentId: kid.id });
    expect((await b.driverApi('POST', '/api/driver/events', { events: [sent] })).status).toBe(200);
    expect((await admin('DELETE', `/api/students/delete/${kid.id}`)).status).toBe(200);
    const [row] = await rowsOf([b.pickup]);
    expect(row).toMatchObject({ eventId: sent.eventId, studentId: null, studentName: null, kind: 'BOARD' });
  });

  it('keeps the position and the device time of an event', async () => {
    const b = await bus();
    const e = { ...event(b.pickup, { studentId: b.kids[0]!.id }), lat: 12.93, lng: 77.62, accuracy: 8 };
    e.occurredAt = '2026-03-02T13:01:02.345+05:30';
    await b.driverApi('POST', '/api/driver/events', { events: [e] });
    const [row] = await rowsOf([b.pickup]);
    expect(row).toMatchObject({
      lat: 12.93,
      lng: 77.62,
      accuracy: 8,
      occurredAt: new Date('2026-03-02T07:31:02.345Z'),
    });
  });
});

describe('whose trips', () => {
  it("refuses a batch with another driver's trip as one that does not exist, storing nothing of it", async () => {
    const [b, other] = await Promise.all([bus(), bus()]);
    const answer = await b.driverApi('POST', '/api/driver/events', {
      events: [
        event(b.pickup, { studentId: b.kids[0]!.id }),
        event(other.pickup, { studentId: other.kids[0]!.id }),
      ],
    });
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe(`Trip ${other.pickup} was not found; nothing was recorded.`);
    expect(await rowsOf([b.pickup, other.pickup])).toEqual([]);
    const positions = await b.driverApi('POST', '/api/driver/positions', {
      positions: [
        {
          positionId: randomUUID(),
          tripId: other.pickup,
          lat: 1,
          lng: 1,
          recordedAt: '2026-03-02T07:31:00Z',
        },
      ],
    });
    expect(positions.status).toBe(404);
  });

  it('refuses a trip that has not started or was cancelled, and takes late events of a completed one', async () => {
    const b = await bus();
    const pending = await b.driverApi('POST', '/api/driver/events', {
      events: [event(b.pickup, { studentId: b.kids[0]!.id }), event(b.drop, { studentId: b.kids[0]!.id })],
    });
    expect(pending.status).toBe(409);
    expect(pending.body.message).toBe('This trip has not started yet: start it first; nothing was recorded.');
    expect(await rowsOf([b.pickup, b.drop])).toEqual([]);

    await admin('POST', `/api/trips/complete/${b.pickup}`);
    const late = await b.driverApi('POST', '/api/driver/events', {
      events: [event(b.pickup, { studentId: b.kids[0]!.id }, 'ALIGHT')],
    });
    expect(late.status).toBe(200);

    await admin('POST', `/api/trips/cancel/${b.drop}`, { reason: 'Road closed' });
    const cancelled = await b.driverApi('POST', '/api/driver/events', {
      events: [event(b.drop, { studentId: b.kids[0]!.id })],
    });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.message).toBe('This trip was cancelled; nothing was recorded.');
  });

  it('answers 404 for a trip that does not exist, and is for drivers only', async () => {
    const b = await bus();
    const missing = await b.driverApi('POST', '/api/driver/events', {
      events: [event(randomUUID(), { studentId: b.kids[0]!.id })],
    });
    expect(missing.status).toBe(404);
    const asAdmin = await admin('POST', '/api/driver/events', {
      events: [event(b.pickup, { studentId: b.kids[0]!.id })],
    });
    expect(asAdmin.status).toBe(403);
  });

  it('checks the batch: one of studentId or tagId, a time this century, at most 500 events', async () => {
    const b = await bus();
    const both = { ...event(b.pickup, { studentId: b.kids[0]!.id }), tagId: 'ABCD1234' };
    expect((await b.driverApi('POST', '/api/driver/events', { events: [both] })).status).toBe(400);
    const ancient = event(b.pickup, { studentId: b.kids[0]!.id }, 'BOARD', '0000-01-01T00:00:00Z');
    const refused = await b.driverApi('POST', '/api/driver/events', { events: [ancient] });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { field: 'events.0.occurredAt', message: 'The time must be between 2000-01-01 and 2099-12-31' },
    ]);
    const many = Array.from({ length: 501 }, () => event(b.pickup, { studentId: b.kids[0]!.id }));
    expect((await b.driverApi('POST', '/api/driver/events', { events: many })).status).toBe(400);
  });
});

describe('positions from the driver app', () => {
  const fix = (tripId: string, accuracy?: number): PositionInput => ({
    positionId: randomUUID(),
    tripId,
    lat: 12.97,
    lng: 77.59,
    speed: 8.5,
    heading: 90,
    recordedAt: '2026-03-02T07:32:00Z',
    ...(accuracy === undefined ? {} : { accuracy }),
  });

  it('keeps fixes of 100 m or better with the trip’s vehicle, drops the rest, stores each id once', async () => {
    const b = await bus();
    const good = [fix(b.pickup, 5), fix(b.pickup, 100), fix(b.pickup)];
    const poor = [fix(b.pickup, 100.5), fix(b.pickup, 2000)];
    const answer = await b.driverApi('POST', '/api/driver/positions', { positions: [...good, ...poor] });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ created: 3, duplicates: 0, dropped: 2 });
    const again = await b.driverApi('POST', '/api/driver/positions', { positions: [good[0], good[0]] });
    expect(again.body.data).toEqual({ created: 0, duplicates: 2, dropped: 0 });

    const rows = await t.app.database.db
      .select()
      .from(vehiclePositions)
      .where(eq(vehiclePositions.tripId, b.pickup));
    expect(rows.map((row) => row.positionId).sort()).toEqual(good.map((p) => p.positionId).sort());
    expect(rows[0]).toMatchObject({ vehicleId: b.vehicle.id, source: 'APP', speed: 8.5, heading: 90 });
  });

  it('stores fixes sent at once by several buses each once, and answers each request for its own', async () => {
    // Requests in flight together share a transaction (group commit): each still gets its own answer.
    const buses = await Promise.all([bus(), bus(), bus()]);
    const fixes = buses.map((b) =>
      Array.from({ length: 6 }, (_, minute) => ({
        ...fix(b.pickup),
        recordedAt: `2026-03-02T07:4${minute}:00Z`,
      })),
    );
    // Every fix its own request, all in flight together, and each bus's first fix sent twice more (an outbox
    // replaying while the first request was on its way): stored once, counted as created once.
    const requests = buses.flatMap((b, index) =>
      [...fixes[index]!, fixes[index]![0]!, fixes[index]![0]!].map((position) =>
        b.driverApi('POST', '/api/driver/positions', { positions: [position] }),
      ),
    );
    // Among them, a driver sending a fix for another bus's trip: refused alone, as a trip that does not exist.
    const stray = fix(buses[1]!.pickup);
    const [refused, ...answers] = await Promise.all([
      buses[0]!.driverApi('POST', '/api/driver/positions', { positions: [stray] }),
      ...requests,
    ]);
    expect(refused!.status).toBe(404);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const created = answers.map((answer) => answer.body.data.created as number);
    expect(created.reduce((sum, n) => sum + n, 0)).toBe(18);
    expect(created.filter((n) => n === 0)).toHaveLength(6);

    const rows = await t.app.database.db
      .select({ positionId: vehiclePositions.positionId, vehicleId: vehiclePositions.vehicleId })
      .from(vehiclePositions)
      .where(
        inArray(
          vehiclePositions.tripId,
          buses.map((b) => b.pickup),
        ),
      );
    expect(rows.map((row) => row.positionId).sort()).toEqual(
      fixes
        .flat()
        .map((position) => position.positionId)
        .sort(),
    );
  });

  it('refuses positions of a trip that has not started', async () => {
    const b = await bus();
    const answer = await b.driverApi('POST', '/api/driver/positions', { positions: [fix(b.drop)] });
    expect(answer.status).toBe(409);
  });
});
