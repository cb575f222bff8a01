import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  ParentDetails,
  PlanAccepted,
  PlannedRun,
  PlanProposal,
  PlanRequestInput,
  PlanResult,
  PlanReview,
  Student,
} from '@school-transport/shared';
import { familyPayload, recordsThrough, uniqueTag } from '@school-transport/testing';
import {
  assignmentStudents,
  auditLog,
  planProposals,
  routeRuns,
  routeStops,
  stops,
  studentStops,
  tripStops,
  trips,
} from '../src/db/schema/index.js';
import { tokenFor } from './support/accounts.js';
import { adminTestApp, apiAs } from './support/requests.js';

const { t, api } = adminTestApp();
const db = () => t.app.database.db;

/** Jobs are waited on through the API, never by sleeping a fixed time: this is only the overall limit. */
const WAIT_LIMIT_MS = 60_000;
const POLL_MS = 100;
/** An iteration budget the time limit allows: the same plan on any machine, in a second or two. */
const QUICK = { seconds: 60, seed: 3, iterations: 30 };

interface Ride {
  assignmentId: string;
  routeId: string;
  routeName: string;
  vehicleId: string;
  plate: string;
}

let schoolId: string;
let schoolName: string;
/** Six children of one street; the last rides another route now (R3) and moves. */
let planned: Student[];
/** Seated on R1 now but not in the plan: loses the seat. */
let outsider: Student;
let oldGateId: string;
let oldGateName: string;
let r1: Ride;
let r2: Ride;
let r3: Ride;
/** A vehicle with no assignment: a plan that uses it cannot be accepted. */
let loose: { id: string; licensePlate: string };

const make = () => recordsThrough(api);

async function ride(capacity: number, studentIds: string[] = []): Promise<Ride> {
  const records = make();
  const [driver, vehicle, route] = await Promise.all([
    records.driver(),
    records.vehicle({ capacity }),
    records.busRoute({ name: `Route ${uniqueTag()}` }),
  ]);
  const assignment = await records.assignment(
    { driverId: driver.id, vehicleId: vehicle.id, routeId: route.id },
    studentIds,
  );
  return {
    assignmentId: assignment.id,
    routeId: route.id,
    routeName: route.name,
    vehicleId: vehicle.id,
    plate: vehicle.licensePlate,
  };
}

async function finished(id: string): Promise<PlanProposal> {
  const until = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    const answer = await api('GET', `/api/planner/proposals/${id}`);
    const proposal = answer.body.data as PlanProposal;
    if (proposal.status !== 'RUNNING') return proposal;
    if (Date.now() > until) throw new Error(`Proposal ${id} never finished`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function plan(overrides: Partial<PlanRequestInput> = {}): Promise<PlanProposal> {
  const answer = await api('POST', '/api/planner/proposals', {
    schoolId,
    studentIds: planned.map((child) => child.id),
    vehicleIds: [r1.vehicleId, r2.vehicleId],
    ...QUICK,
    ...overrides,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const done = await finished((answer.body.data as PlanProposal).id);
  expect(done.status, done.error ?? '').toBe('DONE');
  return done;
}

const review = async (id: string) => {
  const answer = await api('GET', `/api/planner/proposals/${id}/review`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as PlanReview;
};

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/**
 * The names acceptance gives the plan's stops, by the first child of each: "<school> stop N" in the plan's order,
 * never a child's address (stop names are shown to every family on the route).
 */
function expectedStopNames(result: PlanResult): Map<string, string> {
  const names = new Map<string, string>();
  let numbered = 0;
  for (const stop of result.stops) {
    const first = stop.childIds[0]!;
    if (stop.existingStopId) continue;
    numbered += 1;
    names.set(first, `${schoolName} stop ${numbered}`);
  }
  return names;
}

/** Everything acceptance may write, to show that a refused one wrote nothing. */
async function everything() {
  const [runs, runStops, ties, seats, stopCount, proposals] = await Promise.all([
    db().select().from(routeRuns).orderBy(asc(routeRuns.routeId), asc(routeRuns.run)),
    db()
      .select()
      .from(routeStops)
      .orderBy(asc(routeStops.routeId), asc(routeStops.run), asc(routeStops.position)),
    db().select().from(studentStops).orderBy(asc(studentStops.studentId), asc(studentStops.run)),
    db().select().from(assignmentStudents).orderBy(asc(assignmentStudents.studentId)),
    db().select({ n: count() }).from(stops),
    db().select({ id: planProposals.id, acceptedAt: planProposals.acceptedAt }).from(planProposals),
  ]);
  return { runs, runStops, ties, seats, stopCount, proposals };
}

const runStopsOf = (routeId: string, run: 'PICKUP' | 'DROP') =>
  db()
    .select({ stopId: routeStops.stopId, name: stops.name, minutes: routeStops.minutesAfterStart })
    .from(routeStops)
    .innerJoin(stops, eq(stops.id, routeStops.stopId))
    .where(and(eq(routeStops.routeId, routeId), eq(routeStops.run, run)))
    .orderBy(asc(routeStops.position));

beforeAll(async () => {
  schoolName = `Hillside ${uniqueTag()}`;
  const school = await api('POST', '/api/schools/create', {
    name: schoolName,
    lat: 12.97,
    lng: 77.61,
    bellTime: '08:30',
    dismissalTime: '15:10',
  });
  expect(school.status, JSON.stringify(school.body)).toBe(201);
  schoolId = (school.body.data as { id: string }).id;

  // Six homes along a street a few kilometres from school, 300 m apart; the third, a kilometre off the street,
  // has no address on file (its stop is named after the school).
  const payload = familyPayload(uniqueTag(), 6);
  const family = await api('POST', '/api/parents/create', {
    ...payload,
    children: payload.children.map(({ pickupDropAddress, ...child }, index) => ({
      ...child,
      ...(index === 2 ? {} : { pickupDropAddress }),
      pickupAndDropLat: 12.93 + index * 0.0027,
      pickupAndDropLng: index === 2 ? 77.59 : 77.58,
    })),
  });
  expect(family.status, JSON.stringify(family.body)).toBe(201);
  planned = (family.body.data as ParentDetails).students;
  expect(planned[2]!.pickupDropAddress).toBeNull();
  outsider = (await make().children(1))[0]!;

  [r1, r2, r3] = await Promise.all([
    ride(12, [planned[0]!.id, outsider.id]),
    // Too small for the six: the plan takes R1's vehicle alone and leaves R2 as it is.
    ride(4),
    ride(12, [planned[5]!.id]),
  ]);
  loose = await make().vehicle({ capacity: 12 });

  // R1's morning run today: one stop far from the street (the planner cannot reuse it), where R1's two wait.
  oldGateName = `Old Gate ${uniqueTag()}`;
  const gate = await api('POST', '/api/stops/create', { name: oldGateName, lat: 12.9, lng: 77.5 });
  oldGateId = (gate.body.data as { id: string }).id;
  const saved = await api('PUT', `/api/routes/${r1.routeId}/runs/PICKUP`, {
    startTime: '07:05',
    stops: [{ stopId: oldGateId, minutesAfterStart: 10 }],
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  for (const child of [planned[0]!, outsider])
    expect((await api('PUT', `/api/students/${child.id}/stops/PICKUP`, { stopId: oldGateId })).status).toBe(
      200,
    );
});

describe('reviewing a plan', () => {
  it('shows the routes now and as proposed, who moves and who loses their seat', async () => {
    const proposal = await plan();
    const result = proposal.result!;
    const shown = await review(proposal.id);

    expect(shown).toMatchObject({
      proposalId: proposal.id,
      school: { id: schoolId, name: schoolName, lat: 12.97, lng: 77.61 },
      summary: result.summary,
      blockers: [],
      acceptedAt: null,
    });
    expect(shown.current).toEqual([
      {
        vehicleId: r1.vehicleId,
        licensePlate: r1.plate,
        routeId: r1.routeId,
        routeName: r1.routeName,
        driverName: expect.any(String),
        stops: [{ stopId: oldGateId, name: oldGateName, lat: 12.9, lng: 77.5, time: '07:15', children: 2 }],
        children: 2,
      },
      {
        vehicleId: r2.vehicleId,
        licensePlate: r2.plate,
        routeId: r2.routeId,
        routeName: r2.routeName,
        driverName: expect.any(String),
        stops: [],
        children: 0,
      },
    ]);

    const names = expectedStopNames(result);
    const rides = new Map([r1, r2].map((one) => [one.vehicleId, one]));
    expect(shown.proposed).toEqual(
      result.morningRuns.map((run) => ({
        vehicleId: run.vehicleId,
        licensePlate: run.licensePlate,
        routeId: rides.get(run.vehicleId)!.routeId,
        routeName: rides.get(run.vehicleId)!.routeName,
        driverName: expect.any(String),
        stops: run.stops.map((stop) => ({
          stopId: null,
          name: names.get(stop.childIds[0]!),
          lat: stop.lat,
          lng: stop.lng,
          time: stop.time,
          children: stop.childIds.length,
        })),
        children: run.children,
      })),
    );

    const noAddress = result.stops.find((stop) => stop.childIds.includes(planned[2]!.id))!;
    expect(names.get(noAddress.childIds[0]!)).toMatch(new RegExp(`^${schoolName} stop \\d+$`));

    // Every planned child gets a new stop (a change); the one not in the plan loses R1.
    const routeOf = (childId: string) =>
      rides.get(
        result.morningRuns.find((run) => run.stops.some((s) => s.childIds.includes(childId)))!.vehicleId,
      )!.routeName;
    const stopNameOf = (childId: string) =>
      names.get(result.stops.find((stop) => stop.childIds.includes(childId))!.childIds[0]!);
    expect(shown.changes).toEqual(
      expect.arrayContaining([
        {
          studentId: planned[0]!.id,
          name: planned[0]!.name,
          from: { routeName: r1.routeName, stopName: oldGateName },
          to: { routeName: routeOf(planned[0]!.id), stopName: stopNameOf(planned[0]!.id) },
        },
        {
          studentId: planned[5]!.id,
          name: planned[5]!.name,
          from: { routeName: r3.routeName, stopName: null },
          to: { routeName: routeOf(planned[5]!.id), stopName: stopNameOf(planned[5]!.id) },
        },
        {
          studentId: outsider.id,
          name: outsider.name,
          from: { routeName: r1.routeName, stopName: oldGateName },
          to: { routeName: null, stopName: null },
        },
      ]),
    );
    expect(shown.changes.map((change) => change.studentId).sort()).toEqual(
      [...planned.map((child) => child.id), outsider.id].sort(),
    );
  });

  it('answers 404 for an unknown proposal and 409 for one that is not done', async () => {
    const unknown = '00000000-0000-4000-8000-00000000abcd';
    expect((await api('GET', `/api/planner/proposals/${unknown}/review`)).status).toBe(404);
    expect((await api('POST', `/api/planner/proposals/${unknown}/accept`)).status).toBe(404);

    const begun = await api('POST', '/api/planner/proposals', {
      schoolId,
      studentIds: planned.map((child) => child.id),
      vehicleIds: [r1.vehicleId],
      seconds: 120,
    });
    const id = (begun.body.data as PlanProposal).id;
    const running = await api('GET', `/api/planner/proposals/${id}/review`);
    expect(running.status).toBe(409);
    expect(running.body.message).toBe('This plan cannot be reviewed: it is running.');
    expect((await api('POST', `/api/planner/proposals/${id}/cancel`)).status).toBe(200);
    const cancelled = await api('POST', `/api/planner/proposals/${id}/accept`);
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.message).toBe('This plan cannot be accepted: it is cancelled.');
  });
});

describe('accepting a plan', () => {
  it('refuses, in words and changing nothing, a plan on a vehicle with no assignment or with a child deleted since', async () => {
    const [gone] = await make().children(1);
    const proposal = await plan({
      vehicleIds: [loose.id],
      studentIds: [...planned.map((child) => child.id), gone!.id],
    });
    expect((await api('DELETE', `/api/students/delete/${gone!.id}`)).status).toBe(200);
    const expected = [
      `Vehicle ${loose.licensePlate} has no driver and route: assign it first.`,
      'A child of the plan was deleted since it was made: plan again.',
    ];
    const shown = await review(proposal.id);
    expect(shown.blockers).toEqual(expected);
    expect(shown.proposed[0]).toMatchObject({ routeId: null, routeName: null, driverName: null });

    const before = await everything();
    const refused = await api('POST', `/api/planner/proposals/${proposal.id}/accept`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(expected.join(' '));
    expect(await everything()).toEqual(before);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, proposal.id))
      .orderBy(auditLog.id);
    expect(audit.map((entry) => entry.action)).toEqual(['plan.started']);
  });

  it("writes the plan's stops, runs, children's stops and seats, and trips generated afterwards follow it", async () => {
    const proposal = await plan();
    const result = proposal.result!;
    // Trips generated before the acceptance: a coming one follows the plan, a past one keeps what it had.
    const [coming, past] = ['2030-05-05', '2020-05-05'];
    for (const date of [coming, past])
      expect((await api('POST', '/api/trips/generate', { date })).status).toBe(200);
    const answer = await api('POST', `/api/planner/proposals/${proposal.id}/accept`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toBe('Plan accepted.');
    const accepted = answer.body.data as PlanAccepted;
    const usedVehicles = new Set(result.morningRuns.map((run) => run.vehicleId));
    expect(accepted).toEqual({
      proposalId: proposal.id,
      acceptedAt: expect.any(String),
      stopsCreated: result.stops.length,
      routesChanged: usedVehicles.size,
      childrenSeated: planned.length,
      childrenUnseated: 1,
    });
    expect([...usedVehicles]).toEqual([r1.vehicleId]);

    const names = expectedStopNames(result);
    const rides = new Map([r1, r2].map((one) => [one.vehicleId, one]));
    const stopIdOfChild = new Map<string, string>();
    const check = async (run: PlannedRun, kind: 'PICKUP' | 'DROP') => {
      const routeId = rides.get(run.vehicleId)!.routeId;
      const start = kind === 'PICKUP' ? run.stops[0]!.time : run.schoolTime;
      const written = await runStopsOf(routeId, kind);
      expect(written.map(({ name, minutes }) => ({ name, minutes }))).toEqual(
        run.stops.map((stop) => ({
          name: names.get(stop.childIds[0]!),
          minutes: minutesOf(stop.time) - minutesOf(start),
        })),
      );
      const [runRow] = await db()
        .select()
        .from(routeRuns)
        .where(and(eq(routeRuns.routeId, routeId), eq(routeRuns.run, kind)));
      expect(runRow!.startTime.slice(0, 5)).toBe(start);
      run.stops.forEach((stop, index) => {
        for (const child of stop.childIds) stopIdOfChild.set(child, written[index]!.stopId);
      });
    };
    for (const run of result.morningRuns) await check(run, 'PICKUP');
    for (const run of result.afternoonRuns) await check(run, 'DROP');
    // The old stop is off R1's run; R2, chosen but unused, is left as it was.
    expect((await runStopsOf(r1.routeId, 'PICKUP')).map((stop) => stop.stopId)).not.toContain(oldGateId);
    expect(await runStopsOf(r2.routeId, 'PICKUP')).toEqual([]);

    const ties = await db()
      .select()
      .from(studentStops)
      .where(inArray(studentStops.studentId, [...planned.map((child) => child.id), outsider.id]));
    const expectedTies = planned.flatMap((child) =>
      (['PICKUP', 'DROP'] as const).map((run) => ({
        studentId: child.id,
        run,
        stopId: stopIdOfChild.get(child.id),
      })),
    );
    expect(ties).toEqual(expect.arrayContaining(expectedTies));
    // The child who lost their seat waits nowhere any more.
    expect(ties).toHaveLength(expectedTies.length);

    const seats = await db()
      .select({ studentId: assignmentStudents.studentId, assignmentId: assignmentStudents.assignmentId })
      .from(assignmentStudents)
      .where(inArray(assignmentStudents.studentId, [...planned.map((child) => child.id), outsider.id]));
    const seatOf = new Map(seats.map((seat) => [seat.studentId, seat.assignmentId]));
    for (const run of result.morningRuns)
      for (const child of run.stops.flatMap((stop) => stop.childIds))
        expect(seatOf.get(child)).toBe(rides.get(run.vehicleId)!.assignmentId);
    expect(seatOf.get(outsider.id)).toBeUndefined();

    const audit = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, proposal.id))
      .orderBy(auditLog.id);
    expect(audit.map((entry) => [entry.action, entry.details])).toEqual([
      ['plan.started', expect.any(Object)],
      [
        'plan.accepted',
        {
          schoolId,
          stopsCreated: accepted.stopsCreated,
          routesChanged: accepted.routesChanged,
          childrenSeated: accepted.childrenSeated,
          childrenUnseated: accepted.childrenUnseated,
          tripsRefreshed: expect.any(Number),
        },
      ],
    ]);
    expect((audit[1]!.details as { tripsRefreshed: number }).tripsRefreshed).toBeGreaterThanOrEqual(2);

    const after = await review(proposal.id);
    expect(after.acceptedAt).toBe(accepted.acceptedAt);
    expect(after.blockers).toEqual(['This plan was accepted already.']);
    const again = await api('POST', `/api/planner/proposals/${proposal.id}/accept`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This plan was accepted already.');
    expect((await api('GET', `/api/planner/proposals/${proposal.id}`)).body.data.acceptedAt).toBe(
      accepted.acceptedAt,
    );

    // The next trips, and the coming one generated before, carry the new stops in the plan's order and start
    // at the run's new start; the past one keeps its stops.
    const date = '2030-05-06';
    expect((await api('POST', '/api/trips/generate', { date })).status).toBe(200);
    const pickupOn = async (day: string, assignmentId: string) => {
      const [trip] = await db()
        .select({ id: trips.id, plannedStartAt: trips.plannedStartAt })
        .from(trips)
        .where(and(eq(trips.assignmentId, assignmentId), eq(trips.tripDate, day), eq(trips.type, 'PICKUP')));
      const tripStopRows = await db()
        .select({ name: tripStops.name, plannedAt: tripStops.plannedAt })
        .from(tripStops)
        .where(eq(tripStops.tripId, trip!.id))
        .orderBy(asc(tripStops.position));
      return { ...trip!, stops: tripStopRows };
    };
    for (const run of result.morningRuns) {
      const assignmentId = rides.get(run.vehicleId)!.assignmentId;
      const planNames = run.stops.map((stop) => names.get(stop.childIds[0]!));
      const generated = await pickupOn(date, assignmentId);
      expect(generated.stops.map((stop) => stop.name)).toEqual(planNames);
      const refreshed = await pickupOn(coming, assignmentId);
      expect(refreshed.stops.map((stop) => stop.name)).toEqual(planNames);
      // Same time of day as the trip generated afterwards, one day earlier.
      const dayMs = 24 * 60 * 60 * 1000;
      expect(refreshed.plannedStartAt!.getTime()).toBe(generated.plannedStartAt!.getTime() - dayMs);
      expect(refreshed.stops[0]!.plannedAt!.getTime()).toBe(generated.stops[0]!.plannedAt!.getTime() - dayMs);
      expect((await pickupOn(past, assignmentId)).stops.map((stop) => stop.name)).toEqual([oldGateName]);
    }
  });

  it('accepts a plan once when two people accept it at the same moment', async () => {
    const proposal = await plan({ seed: 4 });
    const stopsBefore = (await db().select({ n: count() }).from(stops))[0]!.n;
    const answers = await Promise.all([
      api('POST', `/api/planner/proposals/${proposal.id}/accept`),
      api('POST', `/api/planner/proposals/${proposal.id}/accept`),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const won = answers.find((answer) => answer.status === 200)!.body.data as PlanAccepted;
    expect(answers.find((answer) => answer.status === 409)!.body.message).toBe(
      'This plan was accepted already.',
    );
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, proposal.id), eq(auditLog.action, 'plan.accepted')));
    expect(audit).toHaveLength(1);
    expect((await db().select({ n: count() }).from(stops))[0]!.n).toBe(stopsBefore + won.stopsCreated);
    for (const run of proposal.result!.morningRuns) {
      const ride = [r1, r2].find((one) => one.vehicleId === run.vehicleId)!;
      expect(await runStopsOf(ride.routeId, 'PICKUP')).toHaveLength(run.stops.length);
    }
  });

  it('refuses drivers, parents and visitors', async () => {
    const id = '00000000-0000-4000-8000-00000000abcd';
    for (const role of ['driver', 'parent'] as const) {
      const as = apiAs(t.app, await tokenFor(t.app, role));
      expect((await as('GET', `/api/planner/proposals/${id}/review`)).status).toBe(403);
      expect((await as('POST', `/api/planner/proposals/${id}/accept`)).status).toBe(403);
    }
    for (const [method, url] of [
      ['GET', `/api/planner/proposals/${id}/review`],
      ['POST', `/api/planner/proposals/${id}/accept`],
    ] as const)
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
  });
});
