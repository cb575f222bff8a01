import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recordsThrough } from '@school-transport/testing';
import { ASSIGNMENT_MESSAGES } from '@school-transport/shared';
import { assignmentStudents } from '../src/db/schema/index.js';
import { tokenFor } from './support/accounts.js';
import { adminTestApp, apiAs } from './support/requests.js';

const { t, api } = adminTestApp();
const make = recordsThrough(api);

async function newAssignment(capacity = 40, studentIds: string[] = []) {
  const [driver, vehicle, route] = await Promise.all([
    make.driver(),
    make.vehicle({ capacity }),
    make.busRoute(),
  ]);
  const answer = await api('POST', '/api/route-assignments/create', {
    driverId: driver.id,
    vehicleId: vehicle.id,
    routeId: route.id,
    studentIds,
  });
  return { answer, driver, vehicle, route };
}
const seats = async (assignmentId: string) =>
  (
    await t.app.database.db
      .select()
      .from(assignmentStudents)
      .where(eq(assignmentStudents.assignmentId, assignmentId))
  ).length;

describe('creating and reading assignments', () => {
  it('creates one with its children and answers data.id, with details on get-one', async () => {
    const kids = await make.children(2);
    const { answer, driver, vehicle, route } = await newAssignment(
      40,
      kids.map((k) => k.id),
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ success: true, message: 'Route assignment created successfully!' });
    const id = answer.body.data.id;
    const one = await api('GET', `/api/route-assignments/get-one/${id}`);
    expect(one.body.data).toMatchObject({
      driver: { id: driver.id, licenseNo: driver.licenseNo },
      vehicle: { id: vehicle.id, capacity: 40 },
      route: { id: route.id, name: route.name },
    });
    expect(one.body.data.students.map((s: { id: string }) => s.id)).toEqual(kids.map((k) => k.id));
    expect(one.body.data.students[0].assignment).toEqual({ id, routeId: route.id, routeName: route.name });

    const list = await api(
      'GET',
      `/api/route-assignments/get-all?search=${encodeURIComponent(driver.licenseNo)}`,
    );
    expect(list.body.data).toEqual([
      expect.objectContaining({
        id,
        driver: { id: driver.id, name: driver.user.name, licenseNo: driver.licenseNo, phone: driver.phone },
        vehicle: { id: vehicle.id, licensePlate: vehicle.licensePlate, capacity: 40 },
        route: { id: route.id, name: route.name },
        totalStudents: 2,
      }),
    ]);
    for (const search of [vehicle.licensePlate.toLowerCase(), route.name, driver.user.name]) {
      expect(
        (await api('GET', `/api/route-assignments/get-all?search=${encodeURIComponent(search)}`)).body.data,
      ).toHaveLength(1);
    }
  });

  it('keeps a driver, a vehicle and a route in one assignment each, naming the other', async () => {
    const { answer, driver, vehicle, route } = await newAssignment();
    const [otherDriver, otherVehicle, otherRoute] = await Promise.all([
      make.driver(),
      make.vehicle(),
      make.busRoute(),
    ]);
    for (const [field, body] of [
      ['driverId', { driverId: driver.id, vehicleId: otherVehicle.id, routeId: otherRoute.id }],
      ['vehicleId', { driverId: otherDriver.id, vehicleId: vehicle.id, routeId: otherRoute.id }],
      ['routeId', { driverId: otherDriver.id, vehicleId: otherVehicle.id, routeId: route.id }],
    ] as const) {
      const refused = await api('POST', '/api/route-assignments/create', body);
      expect(refused.status).toBe(409);
      expect(refused.body.errors[0].field).toBe(field);
      expect(refused.body.message).toContain(`"${route.name}"`);
    }
    expect(answer.status).toBe(201);
  });

  it('offers only free drivers, vehicles, routes and students with ?unassigned=true', async () => {
    const kids = await make.children(2);
    const { driver, vehicle, route } = await newAssignment(40, [kids[0]!.id]);
    const free = async (resource: string, search: string) =>
      (await api('GET', `/api/${resource}/get-all?unassigned=true&search=${encodeURIComponent(search)}`)).body
        .data;
    expect(await free('drivers', driver.licenseNo)).toEqual([]);
    expect(await free('vehicles', vehicle.licensePlate)).toEqual([]);
    expect(await free('routes', route.name)).toEqual([]);
    expect((await free('students', kids[0]!.name)).length).toBe(0);
    expect((await free('students', kids[1]!.name)).length).toBe(1);
    expect((await api('GET', `/api/drivers/get-all?unassigned=maybe`)).status).toBe(400);
  });

  it('answers 400 for unknown driver or route and for a student listed twice', async () => {
    const [vehicle, route] = await Promise.all([make.vehicle(), make.busRoute()]);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const answer = await api('POST', '/api/route-assignments/create', {
      driverId: unknown,
      vehicleId: vehicle.id,
      routeId: route.id,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].field).toBe('driverId');
    const kid = (await make.children(1))[0]!;
    const twice = await api('POST', '/api/route-assignments/create', {
      driverId: unknown,
      vehicleId: vehicle.id,
      routeId: route.id,
      studentIds: [kid.id, kid.id],
    });
    expect(twice.status).toBe(400);
  });
});

describe('seats', () => {
  it('never seats more children than the vehicle has seats', async () => {
    const kids = await make.children(3);
    const refused = await newAssignment(
      2,
      kids.map((k) => k.id),
    );
    expect(refused.answer.status).toBe(409);
    expect(refused.answer.body.message).toBe(ASSIGNMENT_MESSAGES.noSeats);

    const { answer } = await newAssignment(2, [kids[0]!.id]);
    const id = answer.body.data.id;
    const full = await api('POST', '/api/route-assignments/assign-students', {
      id,
      studentIds: kids.map((k) => k.id),
    });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe('No more available seats in the vehicle!');
    expect(await seats(id)).toBe(1);
    const replaced = await api('POST', '/api/route-assignments/assign-students', {
      id,
      studentIds: [kids[1]!.id, kids[2]!.id],
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.students.map((s: { id: string }) => s.id).sort()).toEqual(
      [kids[1]!.id, kids[2]!.id].sort(),
    );
  });

  it('keeps a child in one assignment, naming the other', async () => {
    const [kid] = await make.children(1);
    const first = await newAssignment(10, [kid!.id]);
    const second = await newAssignment(10);
    const refused = await api('POST', '/api/route-assignments/assign-students', {
      id: second.answer.body.data.id,
      studentIds: [kid!.id],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `${kid!.name} already rides with the route assignment of "${first.route.name}".`,
    );
  });

  it('refuses a smaller vehicle, or a smaller capacity, that the children would not fit in', async () => {
    const kids = await make.children(3);
    const { answer, driver, route, vehicle } = await newAssignment(
      5,
      kids.map((k) => k.id),
    );
    const id = answer.body.data.id;
    const small = await make.vehicle({ capacity: 2 });
    const swap = await api('PUT', `/api/route-assignments/update/${id}`, {
      driverId: driver.id,
      vehicleId: small.id,
      routeId: route.id,
    });
    expect(swap.status).toBe(409);
    expect(swap.body.message).toBe(ASSIGNMENT_MESSAGES.noSeats);
    const shrink = await api('PUT', `/api/vehicles/update/${vehicle.id}`, { ...vehicle, capacity: 2 });
    expect(shrink.status).toBe(409);
    expect(shrink.body.errors[0].field).toBe('capacity');
    const roomy = await make.vehicle({ capacity: 3 });
    const ok = await api('PUT', `/api/route-assignments/update/${id}`, {
      driverId: driver.id,
      vehicleId: roomy.id,
      routeId: route.id,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.vehicle.id).toBe(roomy.id);
  });

  it('holds under a race of 24 concurrent assign-students calls on one vehicle', async () => {
    const capacity = 5;
    const kids = await make.children(10);
    const more = await make.children(10);
    const pool = [...kids, ...more];
    const { answer } = await newAssignment(capacity);
    const id = answer.body.data.id;
    const calls = Array.from({ length: 24 }, (_, i) => {
      // every call asks for a different set, some within capacity and some over it
      const size = (i % 7) + 1;
      const start = (i * 3) % (pool.length - size);
      return api('POST', '/api/route-assignments/assign-students', {
        id,
        studentIds: pool.slice(start, start + size).map((k) => k.id),
      });
    });
    const answers = await Promise.all(calls);
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status === 409).length).toBeGreaterThan(0);
    expect(await seats(id)).toBeLessThanOrEqual(capacity);
  });

  it('deletes an assignment with its seats, freeing everything in it', async () => {
    const [kid] = await make.children(1);
    const { answer, driver } = await newAssignment(10, [kid!.id]);
    const id = answer.body.data.id;
    const deleted = await api('DELETE', `/api/route-assignments/delete-route-assignment/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('Route assignment deleted successfully!');
    expect(await seats(id)).toBe(0);
    expect((await api('DELETE', `/api/drivers/delete/${driver.id}`)).status).toBe(200);
  });
});

describe('roles', () => {
  it.each(['driver', 'parent'] as const)('refuses a %s', async (role) => {
    const as = apiAs(t.app, await tokenFor(t.app, role));
    expect((await as('GET', '/api/route-assignments/get-all')).status).toBe(403);
    expect(
      (
        await as('POST', '/api/route-assignments/assign-students', {
          id: '00000000-0000-4000-8000-000000000000',
          studentIds: [],
        })
      ).status,
    ).toBe(403);
  });
});
