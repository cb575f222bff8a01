import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DriverTrip,
  FieldTrip,
  FieldTripChild,
  Invoice,
  Manifest,
  PositionInput,
} from '@school-transport/shared';
import { recordsThrough, uniqueTag } from '@school-transport/testing';
import { auditLog, planProposals, staffSchools, trips } from '../src/db/schema/index.js';
import { createAccount, sessionTokenOf, tokenFor } from './support/accounts.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

/**
 * A field trip's children and its actual distance (decision 078): the office or the school's staff attach children
 * of the trip's school (validated, audited, scoped), the bus's driver alone reads them on the manifest and scans
 * them as a run's riders; after the trip each bus's distance is its recorded positions', else the odometer's,
 * else the estimate, and the trip and the invoice say which. The operator's clock: 06:00 in London on Monday
 * 2026-03-02, the trips run that day.
 */
const TODAY = '2026-03-02';
const time = manualClock(new Date(`${TODAY}T06:00:00Z`));
let t: TestApp;
let admin: Api;
let make: ReturnType<typeof recordsThrough>;
let school: { id: string; name: string };
let other: { id: string; name: string };
let ours: { id: string; name: string }[];
let theirs: { id: string; name: string }[];
const SCHOOL = { lat: 51.5, lng: -0.12 };

beforeAll(async () => {
  t = await createTestApp({ clock: time.clock, env: { TIME_ZONE: 'Europe/London', LOG_LEVEL: 'silent' } });
  admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
  make = recordsThrough((method, url, body) => admin(method, url, body));
  expect(
    (
      await admin('PUT', '/api/field-trips/rates', {
        vehicleType: 'Bus',
        perHour: 40,
        perKm: 1.5,
        minimum: 0,
      })
    ).status,
  ).toBe(200);
  [school, other] = [await newSchool('Hill School'), await newSchool('Dale School')];
  [ours, theirs] = [await make.children(4), await make.children(1)];
  // A child's school is the one whose accepted plan seated them (family-messages' childrenOf).
  for (const [schoolId, kids] of [
    [school.id, ours],
    [other.id, theirs],
  ] as const)
    await t.app.database.db.insert(planProposals).values({
      schoolId,
      status: 'DONE',
      request: { schoolId, studentIds: kids.map((kid) => kid.id), vehicleIds: [], seconds: 1, seed: 1 },
      createdAt: time.clock(),
      heartbeatAt: time.clock(),
      acceptedAt: time.clock(),
    });
});
afterAll(() => t.close());

async function newSchool(name: string) {
  const created = await admin('POST', '/api/schools/create', {
    name: `${name} ${uniqueTag()}`,
    address: '1 Hill Road',
    ...SCHOOL,
    bellTime: '08:45',
    dismissalTime: '15:15',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data as { id: string; name: string };
}

const apiOfUser = async (userId: string) => apiAs(t.app, await sessionTokenOf(t.app, userId, time.clock()));

async function staffOf(schoolId: string) {
  const user = await createAccount(t.app, 'school_staff');
  await t.app.database.db.insert(staffSchools).values({ userId: user.id, schoolId });
  return apiOfUser(user.id);
}

async function requested(fields: object = {}) {
  const asked = await admin('POST', '/api/field-trips/create', {
    schoolId: school.id,
    destinationName: `Museum ${uniqueTag()}`,
    destinationLat: 51.4967,
    destinationLng: -0.1764,
    date: TODAY,
    departTime: '09:00',
    returnTime: '14:00',
    pupils: 3,
    adults: 1,
    wheelchairPlaces: 0,
    ...fields,
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  return asked.body.data as FieldTrip;
}

/** Approved and scheduled with `buses` new drivers and buses: the trip and each bus's driver's api. */
async function scheduled(buses = 1, fields: object = {}) {
  const trip = await requested(fields);
  expect((await admin('POST', `/api/field-trips/approve/${trip.id}`, { vehicleType: 'Bus' })).status).toBe(
    200,
  );
  const pairs = await Promise.all(
    Array.from({ length: buses }, async () => {
      const [driver, vehicle] = await Promise.all([
        make.driver(),
        make.vehicle({ type: 'Bus', capacity: 40 }),
      ]);
      return { driver, vehicle };
    }),
  );
  const answer = await admin('POST', `/api/field-trips/schedule/${trip.id}`, {
    buses: pairs.map(({ driver, vehicle }) => ({ driverId: driver.id, vehicleId: vehicle.id })),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const booked = answer.body.data as FieldTrip;
  // The buses come back in the trips' order, which is not the order they were given in (made in one transaction,
  // they share a creation time): each bus's driver is found by its id, so drivers[i] drives tripIds[i].
  const apis = new Map(
    await Promise.all(pairs.map(async ({ driver }) => [driver.id, await apiOfUser(driver.user.id)] as const)),
  );
  const drivers = booked.buses.map((bus) => apis.get(bus.driver.id!)!);
  return { trip: booked, drivers, tripIds: booked.buses.map((bus) => bus.tripId) };
}

/** Written as the driver app's start would (the start's own gate is the runs' and tested with them). */
const started = (tripId: string) =>
  t.app.database.db
    .update(trips)
    .set({ status: 'STARTED', startedAt: time.clock() })
    .where(eq(trips.id, tripId));

const setChildren = (id: string, studentIds: string[], as: Api = admin) =>
  as('PUT', `/api/field-trips/children/${id}`, { studentIds });

describe('the children attached to a field trip', () => {
  it('are children of the trip’s school, no more than its pupils, each once; the change is audited', async () => {
    const trip = await requested();
    const found = await admin('GET', `/api/field-trips/child-candidates/${trip.id}?search=${ours[0]!.name}`);
    expect(found.status).toBe(200);
    expect((found.body.data as FieldTripChild[]).map((child) => child.id)).toEqual([ours[0]!.id]);
    const all = (await admin('GET', `/api/field-trips/child-candidates/${trip.id}`)).body
      .data as FieldTripChild[];
    expect(all.map((child) => child.id).sort()).toEqual(ours.map((kid) => kid.id).sort());

    const foreign = await setChildren(trip.id, [ours[0]!.id, theirs[0]!.id]);
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual([
      { field: 'studentIds', message: `Choose children of ${school.name}` },
    ]);
    const tooMany = await setChildren(
      trip.id,
      ours.map((kid) => kid.id),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('The list has 4 children; the trip is for 3 pupils.');
    expect((await setChildren(trip.id, [ours[0]!.id, ours[0]!.id])).status).toBe(400);
    expect((await setChildren(trip.id, ['not-an-id'])).status).toBe(400);

    const saved = await setChildren(trip.id, [ours[0]!.id, ours[1]!.id]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((saved.body.data as FieldTripChild[]).map((child) => child.id).sort()).toEqual(
      [ours[0]!.id, ours[1]!.id].sort(),
    );
    expect((await admin('GET', `/api/field-trips/get-one/${trip.id}`)).body.data.children).toBe(2);
    const replaced = await setChildren(trip.id, [ours[1]!.id, ours[2]!.id]);
    expect(replaced.body.data.map((child: FieldTripChild) => child.id).sort()).toEqual(
      [ours[1]!.id, ours[2]!.id].sort(),
    );
    const audit = await t.app.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'field-trip.children'), eq(auditLog.entityId, trip.id)));
    expect(audit.map((row) => row.details)).toEqual([
      expect.objectContaining({ added: expect.arrayContaining([ours[0]!.id, ours[1]!.id]), removed: [] }),
      expect.objectContaining({ added: [ours[2]!.id], removed: [ours[0]!.id] }),
    ]);
  });

  it('school staff attach and read them for their own school only; readers read; others are refused', async () => {
    const trip = await requested();
    const staff = await staffOf(school.id);
    expect((await setChildren(trip.id, [ours[3]!.id], staff)).status).toBe(200);
    expect((await staff('GET', `/api/field-trips/children/${trip.id}`)).body.data).toEqual([
      { id: ours[3]!.id, name: ours[3]!.name, class: expect.any(String) },
    ]);
    expect((await staff('GET', `/api/field-trips/child-candidates/${trip.id}`)).status).toBe(200);

    // Another school's staff: the trip answers as one that does not exist, and nothing changes.
    const stranger = await staffOf(other.id);
    for (const answer of [
      await stranger('GET', `/api/field-trips/children/${trip.id}`),
      await stranger('GET', `/api/field-trips/child-candidates/${trip.id}`),
      await setChildren(trip.id, [], stranger),
    ])
      expect(answer.status).toBe(404);
    expect((await admin('GET', `/api/field-trips/children/${trip.id}`)).body.data).toHaveLength(1);

    const viewer = apiAs(t.app, await tokenFor(t.app, 'viewer'));
    expect((await viewer('GET', `/api/field-trips/children/${trip.id}`)).status).toBe(200);
    for (const role of ['viewer', 'dispatcher', 'driver', 'parent'] as const) {
      const api = apiAs(t.app, await tokenFor(t.app, role));
      expect((await setChildren(trip.id, [], api)).status, role).toBe(403);
      expect((await api('GET', `/api/field-trips/child-candidates/${trip.id}`)).status, role).toBe(403);
    }
    for (const role of ['driver', 'parent'] as const)
      expect(
        (await apiAs(t.app, await tokenFor(t.app, role))('GET', `/api/field-trips/children/${trip.id}`))
          .status,
      ).toBe(403);
  });

  it('the bus’s driver alone reads them on the manifest and scans them as a run’s riders; once it set off, the list is kept', async () => {
    const { trip, drivers, tripIds } = await scheduled(1);
    const [driver] = drivers;
    const busTrip = tripIds[0]!;
    expect((await setChildren(trip.id, [ours[0]!.id, ours[1]!.id])).status).toBe(200);
    const today = (await driver!('GET', '/api/driver/today')).body.data as DriverTrip[];
    expect(today.find((row) => row.id === busTrip)?.riderCount).toBe(2);
    expect((await driver!('GET', `/api/field-trips/driver/${busTrip}`)).body.data.children).toBe(2);
    const manifest = (await driver!('GET', `/api/driver/trips/${busTrip}`)).body.data as Manifest;
    expect(manifest.riders.map((rider) => rider.name).sort()).toEqual([ours[0]!.name, ours[1]!.name].sort());
    expect(manifest.riders.every((rider) => rider.state === 'WAITING')).toBe(true);
    expect(manifest.fieldTrip).toMatchObject({ schoolName: school.name, pupils: 3, adults: 1, children: 2 });

    // Another trip's driver: neither the manifest nor the field trip.
    const { drivers: others } = await scheduled(1, { departTime: '15:00', returnTime: '16:00' });
    expect((await others[0]!('GET', `/api/driver/trips/${busTrip}`)).status).toBe(404);
    expect((await others[0]!('GET', `/api/field-trips/driver/${busTrip}`)).status).toBe(404);

    await started(busTrip);
    time.advance(60_000);
    const scan = (studentId: string, kind: 'BOARD' | 'ALIGHT') => ({
      eventId: randomUUID(),
      tripId: busTrip,
      kind,
      studentId,
      method: 'TAP',
      occurredAt: time.clock().toISOString(),
    });
    const boarded = await driver!('POST', '/api/driver/events', {
      events: [scan(ours[0]!.id, 'BOARD'), scan(theirs[0]!.id, 'BOARD')],
    });
    expect(boarded.status, JSON.stringify(boarded.body)).toBe(200);
    expect(boarded.body.data.outcomes).toEqual([
      expect.objectContaining({ studentId: ours[0]!.id, studentName: ours[0]!.name, flag: null }),
      // Not on the list: another group's child, unnamed to the driver.
      expect.objectContaining({ studentId: null, studentName: null, flag: 'WRONG_BUS' }),
    ]);
    const riding = (await driver!('GET', `/api/driver/trips/${busTrip}`)).body.data as Manifest;
    expect(riding.riders.find((rider) => rider.studentId === ours[0]!.id)?.state).toBe('ON_BUS');

    const locked = await setChildren(trip.id, [ours[0]!.id]);
    expect(locked.status).toBe(409);
    expect(locked.body.message).toMatch(/has already set off: the children can no longer be changed\./);

    // The finish asks about the children on board (the other group's child too), as a run's does.
    const early = await driver!('POST', `/api/driver/trips/${busTrip}/finish`, {});
    expect(early.status).toBe(409);
    time.advance(60_000);
    expect(
      (
        await driver!('POST', '/api/driver/events', {
          events: [scan(ours[0]!.id, 'ALIGHT'), scan(theirs[0]!.id, 'ALIGHT')],
        })
      ).status,
    ).toBe(200);
    const finished = await driver!('POST', `/api/driver/trips/${busTrip}/finish`, {});
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
  });

  it('without a list the group stays a count', async () => {
    const { drivers, tripIds } = await scheduled(1, { pupils: 25 });
    const manifest = (await drivers[0]!('GET', `/api/driver/trips/${tripIds[0]}`)).body.data as Manifest;
    expect(manifest.riders).toEqual([]);
    expect(manifest.fieldTrip).toMatchObject({ pupils: 25, children: 0, departTime: '09:00' });
    const today = (await drivers[0]!('GET', '/api/driver/today')).body.data as DriverTrip[];
    expect(today.find((row) => row.id === tripIds[0])?.riderCount).toBe(25);
    expect((await drivers[0]!('GET', `/api/field-trips/driver/${tripIds[0]}`)).body.data.children).toBe(0);
  });
});

describe('the actual distance', () => {
  /** `n` fixes going north from the school, `stepDeg` of latitude apart (0.01° ≈ 1.11 km), a minute apart. */
  const track = (tripId: string, n: number, stepDeg = 0.01, from = SCHOOL): PositionInput[] =>
    Array.from({ length: n }, (_, i) => ({
      positionId: randomUUID(),
      tripId,
      lat: from.lat + i * stepDeg,
      lng: from.lng,
      accuracy: 10,
      recordedAt: new Date(time.clock().getTime() + i * 60_000).toISOString(),
    }));

  async function run(tripId: string, driver: Api, positions: PositionInput[]) {
    await started(tripId);
    if (positions.length) {
      time.advance(positions.length * 60_000);
      const sent = await driver('POST', '/api/driver/positions', { positions });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    }
    time.advance(60_000);
    expect((await driver('POST', `/api/driver/trips/${tripId}/finish`, {})).status).toBe(200);
  }

  it('is each bus’s recorded positions’, else the odometer’s; the trip, the invoice and its file say which', async () => {
    const { trip, drivers, tripIds } = await scheduled(2, { departTime: '06:00', returnTime: '23:00' });
    // Bus 1 drives 11 steps of 0.01° north, then stands at the museum, its fixes wandering a few metres.
    const driven = track(tripIds[0]!, 12);
    const last = driven.at(-1)!;
    const jitter = Array.from({ length: 20 }, (_, i) => ({
      ...track(tripIds[0]!, 1)[0]!,
      lat: last.lat + (i % 2 ? 0.00005 : -0.00005),
      lng: last.lng + (i % 3 ? 0.00005 : 0),
      recordedAt: new Date(Date.parse(last.recordedAt) + (i + 1) * 30_000).toISOString(),
    }));
    await run(tripIds[0]!, drivers[0]!, [...driven, ...jitter]);
    // Bus 2's phone sent only three fixes: too few.
    await run(tripIds[1]!, drivers[1]!, track(tripIds[1]!, 3));

    const page = (await admin('GET', `/api/field-trips/get-one/${trip.id}`)).body.data as FieldTrip;
    expect(page.buses.map((bus) => bus.positions)).toEqual([32, 3]);
    const done = await admin('POST', `/api/field-trips/complete/${trip.id}`, { distanceKm: 30 });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const completed = done.body.data as FieldTrip;
    // 11 × 0.01° of latitude ≈ 12.23 km; the standing bus's jitter adds nothing.
    expect(completed.distances).toEqual([
      { tripId: tripIds[0], vehiclePlate: expect.any(String), km: 12.23, source: 'POSITIONS', positions: 32 },
      { tripId: tripIds[1], vehiclePlate: expect.any(String), km: 30, source: 'ODOMETER', positions: 3 },
    ]);
    expect(completed.distanceSource).toBe('MIXED');
    expect(completed.actualKm).toBe(42.23);
    // Each bus: its hours at 40 and its own km at 1.5.
    const cents = (km: number, minutes: number) =>
      Math.round((minutes / 60) * 40 * 100) + Math.round(km * 150);
    const buses = await t.app.database.db.select().from(trips).where(eq(trips.fieldTripId, trip.id));
    const minutesOf = (id: string) => {
      const bus = buses.find((row) => row.id === id)!;
      return (bus.completedAt!.getTime() - bus.startedAt!.getTime()) / 60_000;
    };
    expect(completed.actualCost).toBe(
      (cents(12.23, minutesOf(tripIds[0]!)) + cents(30, minutesOf(tripIds[1]!))) / 100,
    );

    const query = `schoolId=${school.id}&dateFrom=${TODAY}&dateTo=${TODAY}`;
    const invoice = (await admin('GET', `/api/field-trips/invoice?${query}`)).body.data as Invoice;
    expect(invoice.lines.find((line) => line.fieldTripId === trip.id)).toMatchObject({
      km: 42.23,
      kmSource: 'MIXED',
    });
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/field-trips/invoice/csv?${query}`,
      headers: { authorization: await tokenFor(t.app, 'admin') },
    });
    expect(csv.body).toContain('Km source');
    expect(csv.body).toContain('42.23,from GPS positions and odometer or estimate (see each bus)');
  });

  it('is the estimate when a bus recorded too few positions and no odometer was entered', async () => {
    const { trip, drivers, tripIds } = await scheduled(1, { departTime: '06:00', returnTime: '23:00' });
    await run(tripIds[0]!, drivers[0]!, []);
    const done = await admin('POST', `/api/field-trips/complete/${trip.id}`, {});
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const completed = done.body.data as FieldTrip;
    expect(completed.distanceSource).toBe('ESTIMATE');
    expect(completed.actualKm).toBe(completed.estimatedKm);
    expect(completed.distances[0]).toMatchObject({ source: 'ESTIMATE', positions: 0 });
    const query = `schoolId=${school.id}&dateFrom=${TODAY}&dateTo=${TODAY}`;
    const invoice = (await admin('GET', `/api/field-trips/invoice?${query}`)).body.data as Invoice;
    expect(invoice.lines.find((line) => line.fieldTripId === trip.id)?.kmSource).toBe('ESTIMATE');
    expect((await admin('POST', `/api/field-trips/complete/${trip.id}`, { distanceKm: -1 })).status).toBe(
      400,
    );
  });
});
