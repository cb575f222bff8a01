import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CredentialKind,
  DriverTrip,
  FieldTrip,
  FieldTripAvailability,
  Invoice,
} from '@school-transport/shared';
import { recordsThrough, startMailSink, uniqueTag } from '@school-transport/testing';
import { auditLog, routeRuns, staffSchools, trips } from '../src/db/schema/index.js';
import { createAccount, sessionTokenOf, tokenFor } from './support/accounts.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

/**
 * Field trips (issue 37 parts 1–4, decision 073): requests and their states told to the requester, scheduling only
 * free and valid drivers and vehicles (regular runs, covers, other trips, depot legs), one office winning a race
 * for a driver, the buses as trips on the driver app, costs and invoices, and who may call what (decision 069:
 * school staff ask for and follow their own schools' trips; viewers read everything and write nothing). The operator's
 * clock: 06:00 in London (UTC in March) on Monday 2026-03-02; the trips run on Wednesday 2026-03-04, those run
 * on the driver app today.
 */
const DAY = '2026-03-04';
const TODAY = '2026-03-02';
const time = manualClock(new Date('2026-03-02T06:00:00Z'));
let t: TestApp;
let admin: Api;
let make: ReturnType<typeof recordsThrough>;
let sink: Awaited<ReturnType<typeof startMailSink>>;
let kinds: CredentialKind[];
let school: { id: string; name: string };
// The school, and a depot 10 km east of it: about 26 minutes' drive at 30 km/h with the 1.3 detour.
const SCHOOL = { lat: 51.5, lng: -0.12 };
const DEPOT = { lat: 51.5, lng: 0.0244 };

beforeAll(async () => {
  sink = await startMailSink();
  t = await createTestApp({
    clock: time.clock,
    env: {
      TIME_ZONE: 'Europe/London',
      LOG_LEVEL: 'silent',
      SMTP_URL: sink.url,
      PUBLIC_URL: 'http://school.example',
    },
  });
  admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
  make = recordsThrough((method, url, body) => admin(method, url, body));
  kinds = (await admin('GET', '/api/credential-kinds/get-all?limit=100')).body.data;
  school = await newSchool('Hill School');
  for (const rate of [
    { vehicleType: 'Bus', perHour: 40, perKm: 1.5, minimum: 150 },
    { vehicleType: 'Van', perHour: 30, perKm: 1, minimum: 100 },
  ])
    expect((await admin('PUT', '/api/field-trips/rates', rate)).status).toBe(200);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

async function newSchool(name: string): Promise<{ id: string; name: string }> {
  const created = await admin('POST', '/api/schools/create', {
    name: `${name} ${uniqueTag()}`,
    address: '1 Hill Road',
    ...SCHOOL,
    bellTime: '08:45',
    dismissalTime: '15:15',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data;
}

const apiOfUser = async (userId: string) => apiAs(t.app, await sessionTokenOf(t.app, userId, time.clock()));

const request = (fields: object = {}, as: Api = admin) =>
  as('POST', '/api/field-trips/create', {
    schoolId: school.id,
    destinationName: `Museum ${uniqueTag()}`,
    destinationAddress: 'Exhibition Road',
    destinationLat: 51.4967,
    destinationLng: -0.1764,
    date: DAY,
    departTime: '09:00',
    returnTime: '14:00',
    pupils: 30,
    adults: 4,
    wheelchairPlaces: 0,
    ...fields,
  });

async function approved(fields: object = {}) {
  const asked = await request(fields);
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  const answer = await admin('POST', `/api/field-trips/approve/${asked.body.data.id}`, {
    vehicleType: 'Bus',
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as FieldTrip;
}

const bus = (fields: object = {}) => make.vehicle({ type: 'Bus', capacity: 40, ...fields });
const free = async (id: string) =>
  (await admin('GET', `/api/field-trips/availability/${id}`)).body.data as FieldTripAvailability;
const schedule = (id: string, buses: { driverId: string; vehicleId: string }[]) =>
  admin('POST', `/api/field-trips/schedule/${id}`, { buses });

/** A driver and vehicle with a regular run starting at `start` on school days (a route without stops: an instant). */
async function regular(start: string) {
  const [driver, vehicle, route] = await Promise.all([make.driver(), bus(), make.busRoute()]);
  const assignment = await make.assignment({ driverId: driver.id, vehicleId: vehicle.id, routeId: route.id });
  await t.app.database.db.insert(routeRuns).values({ routeId: route.id, run: 'PICKUP', startTime: start });
  return { driver, vehicle, route, assignment };
}

async function setDepot(on: boolean) {
  if (on)
    expect((await admin('PUT', '/api/field-trips/depot', { name: 'Depot', ...DEPOT })).status).toBe(200);
  else await t.app.database.db.execute('delete from depot');
}

describe('a request', () => {
  it('refuses bad fields with errors next to them', async () => {
    const answer = await request({ destinationName: '', pupils: 0, returnTime: '08:00' });
    expect(answer.status).toBe(400);
    const fields = (answer.body.errors as { field: string }[]).map((error) => error.field).sort();
    expect(fields).toEqual(expect.arrayContaining(['destinationName', 'pupils', 'returnTime']));
  });

  it('moves requested → approved (with an estimate) → declined is refused, and the requester is told each change', async () => {
    const mailsBefore = sink.received.length;
    const trip = await approved({ destinationName: 'Science Museum' });
    expect(trip.state).toBe('APPROVED');
    // No depot: 5 h at 40 and the few km out and back at 1.5.
    expect(trip.estimatedCost).toBeGreaterThan(200);
    expect(trip.estimatedKm).toBeGreaterThan(5);
    const declined = await admin('POST', `/api/field-trips/decline/${trip.id}`, {
      reason: 'No buses that week',
    });
    expect(declined.status).toBe(200);
    expect(declined.body.data.state).toBe('DECLINED');
    expect(declined.body.data.stateReason).toBe('No buses that week');
    const again = await admin('POST', `/api/field-trips/approve/${trip.id}`, { vehicleType: 'Bus' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/declined: it cannot be approved/);

    const notices = (await admin('GET', '/api/field-trips/notices')).body.data as {
      fieldTripId: string;
      state: string;
      message: string;
    }[];
    const mine = notices.filter((notice) => notice.fieldTripId === trip.id).map((notice) => notice.state);
    expect(mine.sort()).toEqual(['APPROVED', 'DECLINED', 'REQUESTED']);
    expect(notices.find((n) => n.state === 'DECLINED' && n.fieldTripId === trip.id)?.message).toMatch(
      /Science Museum on 4 Mar 2026 was declined: No buses that week/,
    );
    await expect.poll(() => sink.received.length).toBeGreaterThanOrEqual(mailsBefore + 3);
    const bodies = sink.received.slice(mailsBefore).map((mail) => mail.body);
    expect(bodies).toEqual(expect.arrayContaining([expect.stringMatching(/field trip declined/)]));
  });

  it('approval needs a rate for the vehicle type', async () => {
    const asked = await request();
    const answer = await admin('POST', `/api/field-trips/approve/${asked.body.data.id}`, {
      vehicleType: 'Limousine',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].field).toBe('vehicleType');
  });
});

describe('scheduling', () => {
  it('offers only drivers and vehicles free at the trip’s times, the depot legs counted, covers and other trips too', async () => {
    await setDepot(false);
    const early = await regular('08:40'); // ends as the trip's depot leg would start: busy only with a depot
    const busyRun = await regular('10:00'); // during the trip: busy
    const trip = await approved();
    let offer = await free(trip.id);
    const driverIds = offer.drivers.map((d) => d.id);
    expect(driverIds).toContain(early.driver.id);
    expect(driverIds).not.toContain(busyRun.driver.id);
    expect(offer.vehicles.map((v) => v.id)).not.toContain(busyRun.vehicle.id);
    expect(offer.unavailable.map((u) => u.why)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`drives ${busyRun.route.name}'s pickup run 10:00–10:00`)),
      ]),
    );

    // With the depot 10 km away the buses leave about 26 minutes before 09:00: the 08:40 run is in the way.
    await setDepot(true);
    offer = await free(trip.id);
    expect(offer.drivers.map((d) => d.id)).not.toContain(early.driver.id);
    expect(new Date(offer.busyFrom).getTime()).toBeLessThan(
      new Date(`${DAY}T09:00:00Z`).getTime() - 25 * 60_000,
    );
    await setDepot(false);

    // A cover puts the early run's driver on the busy run on that day: the cover's substitute is busy instead.
    const spare = await make.driver();
    const covered = await admin('POST', '/api/covers/create', {
      assignmentId: busyRun.assignment.id,
      firstDate: DAY,
      driverId: spare.id,
      reason: 'Off sick',
    });
    expect(covered.status, JSON.stringify(covered.body)).toBe(200);
    offer = await free(trip.id);
    expect(offer.drivers.map((d) => d.id)).not.toContain(spare.id);
    expect(offer.drivers.map((d) => d.id)).toContain(busyRun.driver.id);

    // Booked on one field trip, a driver is not offered for another at the same times.
    const vehicle = await bus();
    expect((await schedule(trip.id, [{ driverId: early.driver.id, vehicleId: vehicle.id }])).status).toBe(
      200,
    );
    const other = await approved();
    const otherOffer = await free(other.id);
    expect(otherOffer.drivers.map((d) => d.id)).not.toContain(early.driver.id);
    expect(otherOffer.vehicles.map((v) => v.id)).not.toContain(vehicle.id);
    // The same booking pushed through anyway is refused in words.
    const refused = await schedule(other.id, [{ driverId: early.driver.id, vehicleId: (await bus()).id }]);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/was just scheduled for the Museum .* trip 09:00–14:00/);
  });

  it('refuses too few seats or wheelchair places, and a credential expired by the trip’s day', async () => {
    const trip = await approved({ pupils: 30, adults: 4, wheelchairPlaces: 1 });
    const driver = await make.driver();
    const small = await bus({ capacity: 20 });
    const big = await bus({ capacity: 40 });
    let answer = await schedule(trip.id, [{ driverId: driver.id, vehicleId: small.id }]);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toMatch(/20 seats; the group is 34/);
    answer = await schedule(trip.id, [{ driverId: driver.id, vehicleId: big.id }]);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toMatch(/0 wheelchair places; the group needs 1/);

    const van = await make.vehicle({ type: 'Van', capacity: 16, wheelchairPlaces: 2 });
    const licence = kinds.find((kind) => kind.name === 'Driving licence')!;
    const saved = await admin('POST', '/api/credentials/save', {
      driverId: driver.id,
      kindId: licence.id,
      number: `L-${uniqueTag()}`,
      expiresOn: '2026-03-03',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await free(trip.id)).drivers.map((d) => d.id)).not.toContain(driver.id);
    const second = await make.driver();
    answer = await admin('POST', `/api/field-trips/schedule/${trip.id}`, {
      buses: [
        { driverId: driver.id, vehicleId: big.id },
        { driverId: second.id, vehicleId: van.id },
      ],
    });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toMatch(/driving licence on 4 Mar 2026/);

    // Two buses, each with its driver: enough seats and a wheelchair place; the estimate is each bus at its rate.
    const third = await make.driver();
    answer = await admin('POST', `/api/field-trips/schedule/${trip.id}`, {
      buses: [
        { driverId: third.id, vehicleId: big.id },
        { driverId: second.id, vehicleId: van.id },
      ],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const scheduled = answer.body.data as FieldTrip;
    expect(scheduled.state).toBe('SCHEDULED');
    expect(scheduled.buses).toHaveLength(2);
    expect(scheduled.estimateVehicleType).toBe('Bus, Van');
  });

  it('two offices booking the same driver at once: one wins, the other is told who took them', async () => {
    const driver = await make.driver({ name: `Ana Ruiz ${uniqueTag()}` });
    const [a, b] = await Promise.all([
      approved({ destinationName: 'Museum A' }),
      approved({ destinationName: 'Museum B' }),
    ]);
    const [va, vb] = await Promise.all([bus(), bus()]);
    const answers = await Promise.all([
      schedule(a.id, [{ driverId: driver.id, vehicleId: va.id }]),
      schedule(b.id, [{ driverId: driver.id, vehicleId: vb.id }]),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409]);
    const lost = answers.find((answer) => answer.status === 409)!;
    expect(lost.body.message).toMatch(
      new RegExp(`^${driver.user.name} was just scheduled for the Museum [AB] trip 09:00–14:00`),
    );
  });
});

describe('on the day, costs and the invoice', () => {
  it('the bus is a trip on its driver’s app (the group as a count), not another driver’s; the actual cost and the invoice follow', async () => {
    const trip = await approved({ destinationName: 'Zoo', pupils: 25, adults: 3, date: TODAY });
    const [driver, other, vehicle] = await Promise.all([make.driver(), make.driver(), bus()]);
    const scheduled = (await schedule(trip.id, [{ driverId: driver.id, vehicleId: vehicle.id }])).body
      .data as FieldTrip;
    const tripId = scheduled.buses[0]!.tripId;

    const driverApi = await apiOfUser(driver.user.id);
    const otherApi = await apiOfUser(other.user.id);
    const today = (await driverApi('GET', '/api/driver/today')).body.data as DriverTrip[];
    const mine = today.find((row) => row.id === tripId);
    expect(mine?.fieldTripId).toBe(trip.id);
    expect(mine?.riderCount).toBe(25);
    expect(mine?.routeName).toMatch(/Field trip: Zoo/);
    const details = await driverApi('GET', `/api/field-trips/driver/${tripId}`);
    expect(details.status).toBe(200);
    expect(details.body.data).toMatchObject({
      destinationName: 'Zoo',
      pupils: 25,
      adults: 3,
      departTime: '09:00',
    });
    expect((await otherApi('GET', `/api/field-trips/driver/${tripId}`)).status).toBe(404);
    expect(
      ((await otherApi('GET', '/api/driver/today')).body.data as DriverTrip[]).map((r) => r.id),
    ).not.toContain(tripId);

    // Not finished: cannot complete. Then the bus ran 08:30–14:30 (6 h), written as the driver app would.
    expect((await admin('POST', `/api/field-trips/complete/${trip.id}`, { distanceKm: 20 })).status).toBe(
      409,
    );
    await t.app.database.db
      .update(trips)
      .set({
        status: 'COMPLETED',
        startedAt: new Date(`${TODAY}T08:30:00Z`),
        completedAt: new Date(`${TODAY}T14:30:00Z`),
      })
      .where(eq(trips.id, tripId));
    const done = await admin('POST', `/api/field-trips/complete/${trip.id}`, { distanceKm: 20 });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    // 6 h × 40 + 20 km × 1.5 = 270.
    expect(done.body.data).toMatchObject({
      state: 'COMPLETED',
      actualCost: 270,
      actualKm: 20,
      actualMinutes: 360,
    });

    // A short trip costs the minimum (150).
    const short = await approved({
      destinationName: 'Park',
      departTime: '10:00',
      returnTime: '10:30',
      date: TODAY,
    });
    const [d2, v2] = await Promise.all([make.driver(), bus()]);
    const s2 = (await schedule(short.id, [{ driverId: d2.id, vehicleId: v2.id }])).body.data as FieldTrip;
    await t.app.database.db
      .update(trips)
      .set({
        status: 'COMPLETED',
        startedAt: new Date(`${TODAY}T10:00:00Z`),
        completedAt: new Date(`${TODAY}T11:00:00Z`),
      })
      .where(eq(trips.id, s2.buses[0]!.tripId));
    expect(
      (await admin('POST', `/api/field-trips/complete/${short.id}`, { distanceKm: 5 })).body.data.actualCost,
    ).toBe(150);

    const query = `schoolId=${school.id}&dateFrom=${TODAY}&dateTo=${TODAY}`;
    const invoice = (await admin('GET', `/api/field-trips/invoice?${query}`)).body.data as Invoice;
    expect(invoice.lines.map((line) => line.destination).sort()).toEqual(['Park', 'Zoo']);
    expect(invoice.total).toBe(420);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/field-trips/invoice/csv?${query}`,
      headers: { authorization: await tokenFor(t.app, 'admin') },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('Zoo');
    expect(csv.body).toMatch(/Total,,,,420\.00/);
  });

  it('cancelling a scheduled trip cancels its buses and frees the driver', async () => {
    const trip = await approved();
    const [driver, vehicle] = await Promise.all([make.driver(), bus()]);
    const scheduled = (await schedule(trip.id, [{ driverId: driver.id, vehicleId: vehicle.id }])).body
      .data as FieldTrip;
    const answer = await admin('POST', `/api/field-trips/cancel/${trip.id}`, { reason: 'Museum closed' });
    expect(answer.status).toBe(200);
    expect(answer.body.data.buses[0].status).toBe('CANCELLED');
    expect(scheduled.buses[0]!.status).toBe('PENDING');
    const next = await approved();
    expect((await free(next.id)).drivers.map((d) => d.id)).toContain(driver.id);
    // The school keeps its field trips: it cannot be deleted under them.
    const deleted = await admin('DELETE', `/api/schools/delete/${school.id}`);
    expect(deleted.status).toBe(409);
    expect(deleted.body.message).toMatch(/has field trips/);
  });
});

describe('who may call what', () => {
  it('parents and drivers are refused the office’s and requesters’ routes', async () => {
    const trip = await approved();
    for (const role of ['parent', 'driver'] as const) {
      const api = apiAs(t.app, await tokenFor(t.app, role));
      for (const [method, url, body] of [
        ['GET', '/api/field-trips/get-all', undefined],
        ['GET', `/api/field-trips/get-one/${trip.id}`, undefined],
        ['POST', '/api/field-trips/create', {}],
        ['POST', `/api/field-trips/approve/${trip.id}`, { vehicleType: 'Bus' }],
        ['GET', `/api/field-trips/availability/${trip.id}`, undefined],
        ['GET', '/api/field-trips/rates', undefined],
        ['GET', `/api/field-trips/invoice?schoolId=${school.id}&dateFrom=${DAY}&dateTo=${DAY}`, undefined],
      ] as const)
        expect((await api(method, url, body)).status, `${role} ${url}`).toBe(403);
    }
    const parent = apiAs(t.app, await tokenFor(t.app, 'parent'));
    expect((await parent('GET', `/api/field-trips/driver/${trip.id}`)).status).toBe(403);
  });
});

describe('school staff (decision 069)', () => {
  /** A school-staff account linked to these schools, signed in at the test's clock. */
  async function staffOf(...schoolIds: string[]) {
    const user = await createAccount(t.app, 'school_staff');
    await t.app.database.db
      .insert(staffSchools)
      .values(schoolIds.map((schoolId) => ({ userId: user.id, schoolId })));
    return apiOfUser(user.id);
  }

  it('ask for their own schools’ trips only, see only their schools’ requests, follow them, and run none', async () => {
    const other = await newSchool('Dale School');
    const staff = await staffOf(school.id);
    const mine = await request({}, staff);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.data).toMatchObject({ school: { id: school.id }, state: 'REQUESTED' });
    const ours = mine.body.data as FieldTrip;

    // Another school is answered as one that does not exist, beside the field.
    const refused = await request({ schoolId: other.id }, staff);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'schoolId', message: 'Choose a school' }]);
    const theirs = (await request({ schoolId: other.id })).body.data as FieldTrip;

    // A colleague of the same school sees the request; nobody of it sees the other school's.
    const colleague = await staffOf(school.id);
    for (const api of [staff, colleague]) {
      const listed = (await api('GET', `/api/field-trips/get-all?dateFrom=${DAY}&dateTo=${DAY}`)).body
        .data as FieldTrip[];
      expect(listed.map((trip) => trip.id)).toContain(ours.id);
      expect(listed.every((trip) => trip.school.id === school.id)).toBe(true);
      expect((await api('GET', `/api/field-trips/get-one/${ours.id}`)).status).toBe(200);
      expect((await api('GET', `/api/field-trips/get-one/${theirs.id}`)).status).toBe(404);
    }

    // The office's moves and its money are not theirs.
    for (const [method, url, body] of [
      ['POST', `/api/field-trips/approve/${ours.id}`, { vehicleType: 'Bus' }],
      ['POST', `/api/field-trips/decline/${ours.id}`, { reason: 'No' }],
      ['POST', `/api/field-trips/schedule/${ours.id}`, { buses: [] }],
      ['POST', `/api/field-trips/complete/${ours.id}`, {}],
      ['GET', `/api/field-trips/availability/${ours.id}`, undefined],
      ['GET', '/api/field-trips/rates', undefined],
      ['GET', `/api/field-trips/invoice?schoolId=${school.id}&dateFrom=${DAY}&dateTo=${DAY}`, undefined],
    ] as const)
      expect((await staff(method, url, body)).status, url).toBe(403);

    // The office moves it; the requester is told.
    expect((await admin('POST', `/api/field-trips/approve/${ours.id}`, { vehicleType: 'Bus' })).status).toBe(
      200,
    );
    const notices = (await staff('GET', '/api/field-trips/notices')).body.data as {
      fieldTripId: string;
      state: string;
    }[];
    expect(
      notices
        .filter((notice) => notice.fieldTripId === ours.id)
        .map((notice) => notice.state)
        .sort(),
    ).toEqual(['APPROVED', 'REQUESTED']);
    expect((await staff('GET', `/api/field-trips/get-one/${ours.id}`)).body.data.state).toBe('APPROVED');
  });
});

describe('the office’s readers (decision 069)', () => {
  it('a viewer reads field trips, rates, the invoice (its file audited) and a timesheet, and writes none; a dispatcher asks for no trip', async () => {
    const trip = await approved();
    const viewerToken = await tokenFor(t.app, 'viewer');
    const viewer = apiAs(t.app, viewerToken);
    const driver = await make.driver();
    const invoice = `schoolId=${school.id}&dateFrom=${DAY}&dateTo=${DAY}`;
    const timesheet = `driverId=${driver.id}&from=${TODAY}&to=${DAY}`;
    for (const url of [
      `/api/field-trips/get-all?dateFrom=${DAY}&dateTo=${DAY}`,
      `/api/field-trips/get-one/${trip.id}`,
      `/api/field-trips/availability/${trip.id}`,
      '/api/field-trips/rates',
      '/api/field-trips/depot',
      `/api/field-trips/invoice?${invoice}`,
      `/api/drivers-hours/timesheet?${timesheet}`,
      '/api/drivers-hours/open-shifts',
    ])
      expect((await viewer('GET', url)).status, url).toBe(200);
    // The files are CSV, not JSON envelopes: asked for directly.
    for (const url of [
      `/api/field-trips/invoice/csv?${invoice}`,
      `/api/drivers-hours/timesheet.csv?${timesheet}`,
    ]) {
      const file = await t.app.inject({ method: 'GET', url, headers: { authorization: viewerToken } });
      expect(file.statusCode, url).toBe(200);
    }
    const exported = () =>
      t.app.database.db
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'export.downloaded'), eq(auditLog.entityType, 'export')));
    await expect
      .poll(async () =>
        (await exported()).some((row) => (row.details as { list?: string }).list === 'field-trips/invoice'),
      )
      .toBe(true);

    for (const [method, url, body] of [
      ['POST', '/api/field-trips/create', {}],
      ['POST', `/api/field-trips/cancel/${trip.id}`, { reason: 'No' }],
      ['PUT', '/api/field-trips/rates', { vehicleType: 'Bus', perHour: 1, perKm: 1, minimum: 1 }],
      ['POST', `/api/drivers-hours/shifts/${trip.id}/correction`, {}],
    ] as const)
      expect((await viewer(method, url, body)).status, url).toBe(403);
    const dispatcher = apiAs(t.app, await tokenFor(t.app, 'dispatcher'));
    expect((await request({}, dispatcher)).status).toBe(403);
    expect((await dispatcher('GET', `/api/field-trips/get-one/${trip.id}`)).status).toBe(200);
  });
});
