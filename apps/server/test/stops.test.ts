import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { familyPayload, recordsThrough, uniqueTag } from '@school-transport/testing';
import type { RouteSchedule, RunSchedule } from '@school-transport/shared';
import { auditLog, studentStops } from '../src/db/schema/index.js';
import { distanceM } from '../src/lib/geo-distance.js';
import { adminTestApp } from './support/requests.js';

const { t, api } = adminTestApp();
const make = recordsThrough(api);
const MISSING = '00000000-0000-4000-8000-000000000000';

/** Metres to degrees of latitude, and of longitude at `lat`, on the sphere lib/geo-distance.ts uses. */
const M_PER_DEG = (Math.PI * 6_371_008.8) / 180;
const north = (lat: number, m: number) => lat + m / M_PER_DEG;
const east = (lat: number, lng: number, m: number) => lng + m / (M_PER_DEG * Math.cos((lat * Math.PI) / 180));

async function newStop(name: string, lat: number, lng: number, address: string | null = null) {
  const answer = await api('POST', '/api/stops/create', { name, lat, lng, address });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data as { id: string; name: string; lat: number; lng: number };
}

/** A route whose assignment seats the given children (pickup points as given), and those children's ids. */
async function seatedRoute(points: Array<{ lat: number; lng: number; address: string | null }>) {
  const family = familyPayload(uniqueTag(), points.length);
  family.children = family.children.map((child, index) => ({
    ...child,
    pickupAndDropLat: points[index]!.lat,
    pickupAndDropLng: points[index]!.lng,
    pickupDropAddress: points[index]!.address as string,
  }));
  const [driver, vehicle, route, parent] = await Promise.all([
    make.driver(),
    make.vehicle(),
    make.busRoute(),
    make.family(family),
  ]);
  const children = parent.students.map((student) => student.id);
  await make.assignment({ driverId: driver.id, vehicleId: vehicle.id, routeId: route.id }, children);
  return { route, children };
}

const scheduleOf = async (routeId: string) => {
  const answer = await api('GET', `/api/routes/${routeId}/schedule`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as RouteSchedule;
};
const runOf = async (routeId: string, run: 'PICKUP' | 'DROP') =>
  (await scheduleOf(routeId)).runs.find((one) => one.run === run)!;
const riderStop = (run: RunSchedule, studentId: string) =>
  run.riders.find((rider) => rider.studentId === studentId)?.stopId;
const fieldsOf = (body: { errors?: Array<{ field?: string }> }) => body.errors?.map((error) => error.field);
const auditOf = async (entityId: string) =>
  t.app.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.id);

describe('stops, the resource', () => {
  it('creates, reads, searches by name and address, updates and deletes, each audited', async () => {
    const created = await api('POST', '/api/stops/create', {
      name: '  Lakeside Gate ',
      lat: '12.9716',
      lng: 77.5946,
      address: '3 Lakeside Road',
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Stop created successfully!');
    const stop = created.body.data;
    expect(stop).toMatchObject({
      name: 'Lakeside Gate',
      lat: 12.9716,
      lng: 77.5946,
      address: '3 Lakeside Road',
    });
    expect((await api('GET', `/api/stops/get-one/${stop.id}`)).body.data).toEqual(stop);

    for (const search of ['lakeside gate', 'LAKESIDE ROAD']) {
      const found = await api('GET', `/api/stops/get-all?search=${encodeURIComponent(search)}`);
      expect(found.body.data.map((s: { id: string }) => s.id)).toEqual([stop.id]);
      expect(found.body.pagination).toMatchObject({ total: 1 });
    }

    const updated = await api('PUT', `/api/stops/update/${stop.id}`, {
      name: 'Lakeside Gate North',
      lat: 12.972,
      lng: 77.5946,
      address: '',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'Lakeside Gate North', lat: 12.972, address: null });

    expect((await api('DELETE', `/api/stops/delete/${stop.id}`)).body.message).toBe(
      'Stop deleted successfully!',
    );
    expect((await api('GET', `/api/stops/get-one/${stop.id}`)).status).toBe(404);
    expect((await auditOf(stop.id)).map((entry) => entry.action)).toEqual([
      'stop.created',
      'stop.updated',
      'stop.deleted',
    ]);
  });

  it('refuses a stop without a name or with a latitude out of range, naming the fields', async () => {
    const answer = await api('POST', '/api/stops/create', { name: ' ', lat: 91, lng: 10 });
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer.body)?.sort()).toEqual(['lat', 'name']);
    expect((await api('PUT', `/api/stops/update/${MISSING}`, { name: 'X', lat: 1, lng: 1 })).status).toBe(
      404,
    );
  });

  it('refuses to delete a stop on a run, naming the route and the run; a stop on no run goes with stale ties', async () => {
    const { route, children } = await seatedRoute([{ lat: 10, lng: 10, address: null }]);
    const stop = await newStop('In use', 10, 10);
    await api('PUT', `/api/routes/${route.id}/runs/DROP`, {
      startTime: '15:10',
      stops: [{ stopId: stop.id, minutesAfterStart: 0 }],
    });
    await api('PUT', `/api/students/${children[0]}/stops/DROP`, { stopId: stop.id });

    const refused = await api('DELETE', `/api/stops/delete/${stop.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `This stop is on route "${route.name}"'s afternoon run. Take it off the run first.`,
    );

    // The child leaves the route while still tied; then the stop comes off the run. Nobody waits there now.
    const [assignment] = (
      await api('GET', `/api/route-assignments/get-all?search=${encodeURIComponent(route.name)}`)
    ).body.data;
    await api('POST', '/api/route-assignments/assign-students', { id: assignment.id, studentIds: [] });
    await api('PUT', `/api/routes/${route.id}/runs/DROP`, { startTime: '15:10', stops: [] });
    const ties = () => t.app.database.db.select().from(studentStops).where(eq(studentStops.stopId, stop.id));
    expect(await ties()).toHaveLength(1);
    expect((await api('DELETE', `/api/stops/delete/${stop.id}`)).status).toBe(200);
    expect(await ties()).toHaveLength(0);
  });
});

describe('nearby stops', () => {
  it('answers the stops within the radius, nearest first, with their distance', async () => {
    const [lat, lng] = [48.8566, 2.3522];
    const far = await newStop('Far', north(lat, 550), lng);
    const middle = await newStop('Middle', lat, east(lat, lng, 300));
    const near = await newStop('Near', north(lat, -100), lng);
    // Inside the lat/lng box but outside the circle: a corner.
    const corner = await newStop('Corner', north(lat, 350), east(lat, lng, 350));

    const within = await api('GET', `/api/stops/nearby?lat=${lat}&lng=${lng}`);
    expect(within.status).toBe(200);
    expect(within.body.data.map((s: { id: string }) => s.id)).toEqual([near.id, middle.id]);
    expect(within.body.data.map((s: { distanceM: number }) => s.distanceM)).toEqual([100, 300]);

    const wider = await api('GET', `/api/stops/nearby?lat=${lat}&lng=${lng}&radius=600`);
    expect(wider.body.data.map((s: { id: string }) => s.id)).toEqual([near.id, middle.id, corner.id, far.id]);
    expect(wider.body.data[2].distanceM).toBe(Math.round(distanceM({ lat, lng }, corner)));

    const narrow = await api('GET', `/api/stops/nearby?lat=${lat}&lng=${lng}&radius=50`);
    expect(narrow.body.data).toEqual([]);
  });

  it('finds stops across the 180th meridian', async () => {
    const west = await newStop('Date line west', 0.5, 179.999);
    const eastern = await newStop('Date line east', 0.5, -179.998);
    const found = await api('GET', '/api/stops/nearby?lat=0.5&lng=180&radius=400');
    expect(found.body.data.map((s: { id: string }) => s.id)).toEqual([west.id, eastern.id]);
  });

  it('measures a stop a vanishingly small distance away (its square underflows a double)', async () => {
    const tiny = await newStop('Null Island', 1e-200, 0);
    const found = await api('GET', '/api/stops/nearby?lat=0&lng=0');
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual([expect.objectContaining({ id: tiny.id, distanceM: 0 })]);
  });

  it('refuses a radius out of range and a missing point', async () => {
    expect(fieldsOf((await api('GET', '/api/stops/nearby?lat=1&lng=1&radius=6000')).body)).toEqual([
      'radius',
    ]);
    expect(fieldsOf((await api('GET', '/api/stops/nearby?lng=1')).body)).toEqual(['lat']);
  });
});

describe('run schedules', () => {
  it('shows both runs of a route without a schedule, with its seated children', async () => {
    const { route, children } = await seatedRoute([
      { lat: 20, lng: 20, address: null },
      { lat: 20.1, lng: 20, address: null },
    ]);
    const schedule = await scheduleOf(route.id);
    expect(schedule.routeId).toBe(route.id);
    expect(schedule.runs.map((run) => [run.run, run.startTime, run.stops])).toEqual([
      ['PICKUP', null, []],
      ['DROP', null, []],
    ]);
    expect(schedule.runs[0]!.riders.map((rider) => rider.studentId).sort()).toEqual([...children].sort());
    expect(schedule.runs[0]!.riders.every((rider) => rider.stopId === null)).toBe(true);
    expect((await api('GET', `/api/routes/${MISSING}/schedule`)).status).toBe(404);
  });

  it('replaces a run in one go, refuses bad stops and times naming the field, and leaves the old run as it was', async () => {
    const { route } = await seatedRoute([{ lat: 21, lng: 21, address: null }]);
    const [a, b, c] = [
      await newStop('A', 21, 21),
      await newStop('B', 21.01, 21),
      await newStop('C', 21.02, 21),
    ];
    const saved = await api('PUT', `/api/routes/${route.id}/runs/PICKUP`, {
      startTime: '07:30',
      stops: [
        { stopId: b.id, minutesAfterStart: 0 },
        { stopId: a.id, minutesAfterStart: 6 },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe('Morning run saved.');
    expect(saved.body.data).toMatchObject({ run: 'PICKUP', startTime: '07:30' });
    expect(
      saved.body.data.stops.map((s: { id: string; position: number; minutesAfterStart: number }) => [
        s.id,
        s.position,
        s.minutesAfterStart,
      ]),
    ).toEqual([
      [b.id, 1, 0],
      [a.id, 2, 6],
    ]);

    const before = await scheduleOf(route.id);
    const unknown = await api('PUT', `/api/routes/${route.id}/runs/PICKUP`, {
      startTime: '08:00',
      stops: [
        { stopId: c.id, minutesAfterStart: 0 },
        { stopId: MISSING, minutesAfterStart: 5 },
      ],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ field: 'stops.1.stopId', message: 'Stop not found' }]);

    const backwards = await api('PUT', `/api/routes/${route.id}/runs/PICKUP`, {
      startTime: '08:00',
      stops: [
        { stopId: c.id, minutesAfterStart: 10 },
        { stopId: a.id, minutesAfterStart: 5 },
      ],
    });
    expect(backwards.status).toBe(400);
    expect(fieldsOf(backwards.body)).toEqual(['stops.1.minutesAfterStart']);

    const twice = await api('PUT', `/api/routes/${route.id}/runs/PICKUP`, {
      startTime: '7:30',
      stops: [
        { stopId: c.id, minutesAfterStart: 0 },
        { stopId: c.id, minutesAfterStart: 5 },
      ],
    });
    expect(fieldsOf(twice.body)?.sort()).toEqual(['startTime', 'stops.1.stopId']);
    expect(await scheduleOf(route.id)).toEqual(before);

    expect(
      (await api('PUT', `/api/routes/${MISSING}/runs/PICKUP`, { startTime: '07:00', stops: [] })).status,
    ).toBe(404);
    expect(
      (await api('PUT', `/api/routes/${route.id}/runs/NOON`, { startTime: '07:00', stops: [] })).status,
    ).toBe(400);

    const entries = (await auditOf(route.id)).filter((entry) => entry.action === 'route.run_scheduled');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.details).toMatchObject({
      run: 'PICKUP',
      startTime: { from: null, to: '07:30' },
      added: [b.id, a.id],
      removed: [],
    });
  });

  it('a stop deleted while a run takes it: one of the two wins, never both, never a 500', async () => {
    const { route } = await seatedRoute([{ lat: 24, lng: 24, address: null }]);
    for (let round = 0; round < 5; round += 1) {
      const stop = await newStop(`Raced ${round}`, 24, 24 + round / 100);
      const [saved, deleted] = await Promise.all([
        api('PUT', `/api/routes/${route.id}/runs/PICKUP`, {
          startTime: '07:00',
          stops: [{ stopId: stop.id, minutesAfterStart: 0 }],
        }),
        api('DELETE', `/api/stops/delete/${stop.id}`),
      ]);
      const run = await runOf(route.id, 'PICKUP');
      if (deleted.status === 200) {
        expect(saved.status, JSON.stringify(saved.body)).toBe(400);
        expect(run.stops.map((s) => s.id)).not.toContain(stop.id);
      } else {
        expect([saved.status, deleted.status], JSON.stringify(deleted.body)).toEqual([200, 409]);
        expect(run.stops.map((s) => s.id)).toEqual([stop.id]);
      }
    }
  });

  it('allows a start time with no stops, and a run cleared goes back to no schedule', async () => {
    const { route, children } = await seatedRoute([{ lat: 22, lng: 22, address: null }]);
    const stop = await newStop('Only', 22, 22);
    const empty = await api('PUT', `/api/routes/${route.id}/runs/DROP`, { startTime: '15:00', stops: [] });
    expect(empty.body.data).toMatchObject({ run: 'DROP', startTime: '15:00', stops: [] });
    await api('PUT', `/api/routes/${route.id}/runs/DROP`, {
      startTime: '15:05',
      stops: [{ stopId: stop.id, minutesAfterStart: 0 }],
    });
    await api('PUT', `/api/students/${children[0]}/stops/DROP`, { stopId: stop.id });

    const cleared = await api('DELETE', `/api/routes/${route.id}/runs/DROP`);
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ run: 'DROP', startTime: null, stops: [] });
    expect(riderStop(await runOf(route.id, 'DROP'), children[0]!)).toBeNull();
    expect((await api('GET', `/api/routes/get-one/${route.id}`)).status).toBe(200);
    expect((await api('DELETE', `/api/stops/delete/${stop.id}`)).status).toBe(200);
  });
});

describe("a child's stop", () => {
  it('ties a seated child to a stop of the run, refuses others, and unties when the stop leaves the run', async () => {
    const { route, children } = await seatedRoute([
      { lat: 23, lng: 23, address: null },
      { lat: 23.1, lng: 23, address: null },
    ]);
    const [first, second] = children as [string, string];
    const [a, b, off] = [
      await newStop('A', 23, 23),
      await newStop('B', 23.1, 23),
      await newStop('Off', 23.2, 23),
    ];
    await api('PUT', `/api/routes/${route.id}/runs/PICKUP`, {
      startTime: '07:00',
      stops: [
        { stopId: a.id, minutesAfterStart: 0 },
        { stopId: b.id, minutesAfterStart: 4 },
      ],
    });

    const tied = await api('PUT', `/api/students/${first}/stops/PICKUP`, { stopId: b.id });
    expect(tied.status).toBe(200);
    expect(tied.body.data).toEqual({ studentId: first, run: 'PICKUP', stopId: b.id });
    await api('PUT', `/api/students/${second}/stops/PICKUP`, { stopId: a.id });
    expect(riderStop(await runOf(route.id, 'PICKUP'), first)).toBe(b.id);
    expect(riderStop(await runOf(route.id, 'DROP'), first)).toBeNull();

    const notOnRun = await api('PUT', `/api/students/${first}/stops/PICKUP`, { stopId: off.id });
    expect(notOnRun.status).toBe(409);
    expect(notOnRun.body.errors).toEqual([
      { field: 'stopId', message: `This stop is not on route "${route.name}"'s morning run.` },
    ]);
    expect((await api('PUT', `/api/students/${first}/stops/DROP`, { stopId: a.id })).status).toBe(409);
    expect((await api('PUT', `/api/students/${first}/stops/PICKUP`, { stopId: MISSING })).status).toBe(409);
    expect((await api('PUT', `/api/students/${MISSING}/stops/PICKUP`, { stopId: a.id })).status).toBe(404);

    const [loner] = await make.children(1);
    const unseated = await api('PUT', `/api/students/${loner!.id}/stops/PICKUP`, { stopId: a.id });
    expect(unseated.status).toBe(409);
    expect(unseated.body.message).toBe('This child is not seated on any route. Seat them on a route first.');

    // B leaves the run: the child who waited there loses the tie, the other keeps theirs.
    const saved = await api('PUT', `/api/routes/${route.id}/runs/PICKUP`, {
      startTime: '07:00',
      stops: [{ stopId: a.id, minutesAfterStart: 0 }],
    });
    expect(riderStop(saved.body.data, first)).toBeNull();
    expect(riderStop(saved.body.data, second)).toBe(a.id);
    const [entry] = (await auditOf(route.id)).filter((e) => e.action === 'route.run_scheduled').slice(-1);
    expect(entry!.details).toMatchObject({ removed: [b.id], ridersUntied: 1 });

    const untied = await api('PUT', `/api/students/${second}/stops/PICKUP`, { stopId: null });
    expect(untied.body).toMatchObject({ message: 'Stop removed.', data: { stopId: null } });
    const left = await t.app.database.db
      .select()
      .from(studentStops)
      .where(and(eq(studentStops.studentId, second), eq(studentStops.run, 'PICKUP')));
    expect(left).toEqual([]);
    expect((await auditOf(second)).map((e) => e.action)).toEqual([
      'student.created',
      'student.stop_chosen',
      'student.stop_chosen',
    ]);
  });
});

describe("a stop from a child's pickup point", () => {
  it('reuses the nearest stop within 400 m, creates one otherwise, appends it to the run and ties the child', async () => {
    const [lat, lng] = [-33.87, 151.21];
    const { route, children } = await seatedRoute([
      { lat, lng, address: '5 Harbour Street' },
      { lat: north(lat, 5_000), lng, address: '  9 Hill Road ' },
      { lat: north(lat, 10_000), lng, address: null },
    ]);
    const [nearby, hill, nowhere] = children as [string, string, string];
    const url = (studentId: string) => `/api/routes/${route.id}/runs/PICKUP/stops-from-student/${studentId}`;

    const unscheduled = await api('POST', url(nearby));
    expect(unscheduled.status).toBe(409);
    expect(unscheduled.body.message).toBe("Set the morning run's start time first.");

    const close = await newStop('Harbour corner', north(lat, 150), lng);
    const closer = await newStop('Harbour gate', north(lat, -120), lng);
    const suggested = await api('GET', `/api/stops/nearby?lat=${lat}&lng=${lng}`);
    expect(suggested.body.data.map((s: { id: string }) => s.id)).toEqual([closer.id, close.id]);
    const first = await api('PUT', `/api/routes/${route.id}/runs/PICKUP`, { startTime: '07:15', stops: [] });
    expect(first.status).toBe(200);

    const reused = await api('POST', url(nearby));
    expect(reused.status, JSON.stringify(reused.body)).toBe(200);
    let run = (reused.body.data as RouteSchedule).runs.find((one) => one.run === 'PICKUP')!;
    expect(run.stops.map((s) => [s.id, s.position, s.minutesAfterStart])).toEqual([[closer.id, 1, 0]]);
    expect(riderStop(run, nearby)).toBe(closer.id);

    const created = await api('POST', url(hill));
    run = (created.body.data as RouteSchedule).runs.find((one) => one.run === 'PICKUP')!;
    // Named neutrally, never after the child's address (every family on the route reads stop names); the
    // address stays on the stop for the office.
    expect(run.stops.map((s) => [s.name, s.position, s.minutesAfterStart])).toEqual([
      ['Harbour gate', 1, 0],
      [`${route.name} stop 2`, 2, 2],
    ]);
    expect(run.stops[1]).toMatchObject({ lat: north(lat, 5_000), lng, address: '9 Hill Road' });
    expect(riderStop(run, hill)).toBe(run.stops[1]!.id);
    expect((await auditOf(run.stops[1]!.id)).map((e) => e.action)).toEqual(['stop.created']);

    run = (await api('POST', url(nowhere))).body.data.runs[0];
    expect(run.stops[2]).toMatchObject({ name: `${route.name} stop 3`, minutesAfterStart: 4 });

    // A stop the run already reaches is not added twice; the child is tied to it all the same.
    await api('PUT', `/api/students/${nearby}/stops/PICKUP`, { stopId: null });
    run = (await api('POST', url(nearby))).body.data.runs[0];
    expect(run.stops).toHaveLength(3);
    expect(riderStop(run, nearby)).toBe(closer.id);

    const [stranger] = await make.children(1);
    const notSeated = await api('POST', url(stranger!.id));
    expect(notSeated.status).toBe(409);
    expect(notSeated.body.message).toBe(
      `This child is not seated on route "${route.name}". Seat them on it first.`,
    );
    expect(
      (await api('POST', `/api/routes/${MISSING}/runs/PICKUP/stops-from-student/${nearby}`)).status,
    ).toBe(404);

    const added = (await auditOf(route.id)).filter((e) => e.action === 'route.stop_added_from_student');
    expect(added.map((e) => (e.details as { reused: boolean }).reused)).toEqual([true, false, false, true]);
  });
});
