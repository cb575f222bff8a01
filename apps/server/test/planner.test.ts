import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PlanProposal, PlanRequestInput } from '@school-transport/shared';
import { familyPayload, recordsThrough, uniqueTag } from '@school-transport/testing';
import { auditLog, planProposals } from '../src/db/schema/index.js';
import { MAX_WAITING_JOBS, RESTART_MESSAGE } from '../src/modules/records/planner/plan-runner.js';
import { insertProposal } from '../src/modules/records/planner/planner-queries.js';
import { tokenFor } from './support/accounts.js';
import { adminTestApp, apiAs } from './support/requests.js';

const { t, api } = adminTestApp();

/** Jobs are waited on through the API, never by sleeping a fixed time: this is only the overall limit. */
const WAIT_LIMIT_MS = 60_000;
const POLL_MS = 100;

const BELL = '08:30';
const CHILDREN_PER_FAMILY = 10;
const FAMILIES = 3;

let schoolId: string;
let studentIds: string[];
let vehicles: Array<{ id: string; capacity: number }>;
let existingStopId: string;

async function waitFor(
  id: string,
  done: (proposal: PlanProposal) => boolean,
  what: string,
): Promise<PlanProposal> {
  const until = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    const answer = await api('GET', `/api/planner/proposals/${id}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const proposal = answer.body.data as PlanProposal;
    if (done(proposal)) return proposal;
    if (Date.now() > until) throw new Error(`Proposal ${id} never ${what}: ${JSON.stringify(proposal)}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
const finished = (id: string) => waitFor(id, (proposal) => proposal.status !== 'RUNNING', 'finished');

const start = async (overrides: Partial<PlanRequestInput> = {}) =>
  api('POST', '/api/planner/proposals', {
    schoolId,
    studentIds,
    vehicleIds: vehicles.map((vehicle) => vehicle.id),
    seconds: 1,
    ...overrides,
  });
const started = async (overrides: Partial<PlanRequestInput> = {}) => {
  const answer = await start(overrides);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data as PlanProposal;
};

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
const fieldsOf = (body: { errors?: Array<{ field?: string; message: string }> }) =>
  body.errors?.map((error) => error.field);

beforeAll(async () => {
  const make = recordsThrough(api);
  const school = await api('POST', '/api/schools/create', {
    name: `Lakeside ${uniqueTag()}`,
    lat: 12.97,
    lng: 77.61,
    bellTime: BELL,
    dismissalTime: '15:10',
  });
  expect(school.status, JSON.stringify(school.body)).toBe(201);
  schoolId = (school.body.data as { id: string }).id;
  // Three streets of ten homes a few kilometres from school, each family's a little apart from the others.
  const families = await Promise.all(
    Array.from({ length: FAMILIES }, (_, family) => {
      const payload = familyPayload(uniqueTag(), CHILDREN_PER_FAMILY);
      return make.family({
        ...payload,
        children: payload.children.map((child, index) => ({
          ...child,
          pickupAndDropLat: 12.93 + family * 0.012 + index * 0.0015,
          pickupAndDropLng: 77.6 + family * 0.01 - index * 0.001,
        })),
      });
    }),
  );
  studentIds = families.flatMap((family) => family.students.map((student) => student.id));
  // Seats differ: the plan is made for the smallest (12), 30 children need three runs.
  vehicles = await Promise.all([12, 16, 20].map((capacity) => make.vehicle({ capacity })));
  // An existing stop at the middle of the second street (at a home's point, so no new stop can serve its children
  // better): the planner is offered it and reuses it.
  const stop = await api('POST', '/api/stops/create', {
    name: `Corner ${uniqueTag()}`,
    lat: 12.93 + 0.012 + 4 * 0.0015,
    lng: 77.6 + 0.01 - 4 * 0.001,
  });
  expect(stop.status).toBe(201);
  existingStopId = (stop.body.data as { id: string }).id;
});

describe('planning jobs', () => {
  it('plans a school of 30 children and 3 vehicles: every child on one run, within seats and before the bell', async () => {
    const proposal = await started();
    expect(proposal).toMatchObject({
      status: 'RUNNING',
      school: { id: schoolId },
      request: { seconds: 1, seed: 1 },
      result: null,
      finishedAt: null,
    });

    const done = await finished(proposal.id);
    expect(done.status, done.error ?? '').toBe('DONE');
    expect(done.progress).toMatchObject({ vehicles: expect.any(Number), bestCost: expect.any(Number) });
    const result = done.result!;
    const seats = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle.capacity]));

    for (const runs of [result.morningRuns, result.afternoonRuns]) {
      const riders = runs.flatMap((run) => run.stops.flatMap((stop) => stop.childIds));
      expect(riders.sort()).toEqual([...studentIds].sort());
      expect(new Set(runs.map((run) => run.vehicleId)).size).toBe(runs.length);
      for (const run of runs) {
        expect(run.children).toBeLessThanOrEqual(seats.get(run.vehicleId)!);
        expect(run.children).toBe(run.stops.reduce((sum, stop) => sum + stop.childIds.length, 0));
      }
    }
    for (const run of result.morningRuns) {
      expect(minutesOf(run.schoolTime)).toBeLessThan(minutesOf(BELL));
      const times = run.stops.map((stop) => minutesOf(stop.time));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times.at(-1)!).toBeLessThanOrEqual(minutesOf(run.schoolTime));
    }
    // The fullest run has the largest vehicle.
    const fullest = [...result.morningRuns].sort((a, b) => b.children - a.children)[0]!;
    expect(seats.get(fullest.vehicleId)).toBe(Math.max(...vehicles.map((vehicle) => vehicle.capacity)));
    expect(result.stops.flatMap((stop) => stop.childIds).sort()).toEqual([...studentIds].sort());
    expect(Math.max(...result.stops.map((stop) => stop.childIds.length))).toBeLessThanOrEqual(10);
    expect(result.stops.map((stop) => stop.existingStopId).filter(Boolean)).toEqual([existingStopId]);
    expect(result.summary).toMatchObject({
      vehicles: result.morningRuns.length,
      childrenPerRun: result.morningRuns.map((run) => run.children),
    });
    expect(result.summary.longestRideMinutes).toBeLessThanOrEqual(45);
    expect(result.summary.totalKm).toBeGreaterThan(0);

    const audit = await t.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, proposal.id))
      .orderBy(auditLog.id);
    expect(audit.map((entry) => entry.action)).toEqual(['plan.started']);
  });

  it('gives a door-to-door child a stop of their own at home, though neighbours within 400 m share one', async () => {
    const payload = familyPayload(uniqueTag(), 3);
    // Three homes 50 m apart: walkers share a stop; the door-to-door child is picked up at their own door.
    const family = await recordsThrough(api).family({
      ...payload,
      children: payload.children.map((child, index) => ({
        ...child,
        pickupAndDropLat: 12.95 + index * 0.00045,
        pickupAndDropLng: 77.64,
        doorToDoor: index === 1,
      })),
    });
    const [first, door, third] = family.students;
    expect(door!.doorToDoor).toBe(true);
    const done = await finished(
      (await started({ studentIds: family.students.map((child) => child.id), vehicleIds: [vehicles[0]!.id] }))
        .id,
    );
    expect(done.status, done.error ?? '').toBe('DONE');
    const stops = done.result!.stops;
    expect(stops.find((stop) => stop.childIds.includes(door!.id))).toMatchObject({
      existingStopId: null,
      lat: door!.pickupAndDropLat,
      lng: door!.pickupAndDropLng,
      childIds: [door!.id],
    });
    expect(stops.find((stop) => stop.childIds.includes(first!.id))?.childIds.sort()).toEqual(
      [first!.id, third!.id].sort(),
    );
  });

  it('plans the same request, seed and iteration budget the same way twice', async () => {
    const request = { seconds: 60, seed: 7, iterations: 40 };
    const [one, two] = await Promise.all([started(request), started(request)]);
    expect(one!.request).toMatchObject(request);
    const [first, second] = await Promise.all([finished(one!.id), finished(two!.id)]);
    expect(first.status, first.error ?? '').toBe('DONE');
    expect(second.status, second.error ?? '').toBe('DONE');
    expect(second.result).toEqual(first.result);
    expect(first.progress?.iteration).toBeLessThanOrEqual(40);
  });

  it('says which school, child or vehicle does not exist, and refuses empty lists and too long a search', async () => {
    const unknown = '00000000-0000-4000-8000-00000000abcd';
    const noSchool = await start({ schoolId: unknown });
    expect(noSchool.status).toBe(404);
    expect(fieldsOf(noSchool.body)).toEqual(['schoolId']);

    const noChild = await start({ studentIds: [...studentIds, unknown] });
    expect(noChild.status).toBe(404);
    expect(noChild.body.errors).toEqual([{ field: 'studentIds', message: `Children not found: ${unknown}` }]);

    const noVehicle = await start({ vehicleIds: [unknown] });
    expect(noVehicle.status).toBe(404);
    expect(noVehicle.body.errors).toEqual([
      { field: 'vehicleIds', message: `Vehicles not found: ${unknown}` },
    ]);

    const refusals: Array<[Partial<PlanRequestInput>, string]> = [
      [{ studentIds: [] }, 'studentIds'],
      [{ vehicleIds: [] }, 'vehicleIds'],
      [{ seconds: 301 }, 'seconds'],
      [{ studentIds: [studentIds[0]!, studentIds[0]!] }, 'studentIds'],
    ];
    for (const [overrides, field] of refusals) {
      const refused = await start(overrides);
      expect(refused.status, JSON.stringify(overrides)).toBe(400);
      expect(fieldsOf(refused.body)).toEqual([field]);
    }
    expect((await api('GET', `/api/planner/proposals/${unknown}`)).status).toBe(404);
    expect((await api('POST', `/api/planner/proposals/${unknown}/cancel`)).status).toBe(404);
  });

  it('cancels a running job, its thread ended, and refuses to cancel one that has ended', async () => {
    const proposal = await started({ seconds: 120 });
    expect(t.app.planRunner.running()).toContain(proposal.id);
    const progressing = await waitFor(proposal.id, (shown) => shown.progress !== null, 'showed progress');
    expect(progressing.status).toBe('RUNNING');

    const cancelled = await api('POST', `/api/planner/proposals/${proposal.id}/cancel`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'CANCELLED', finishedAt: expect.any(String) });
    expect(t.app.planRunner.running()).not.toContain(proposal.id);

    const again = await api('POST', `/api/planner/proposals/${proposal.id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This planning job is not running any more: it is cancelled.');
    const audit = await t.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, proposal.id))
      .orderBy(auditLog.id);
    expect(audit.map((entry) => entry.action)).toEqual(['plan.started', 'plan.cancelled']);

    const done = await finished((await started()).id);
    expect(done.status).toBe('DONE');
    expect((await api('POST', `/api/planner/proposals/${done.id}/cancel`)).status).toBe(409);
  });

  it('ends its thread when another process cancels the job in the database', async () => {
    const proposal = await started({ seconds: 120 });
    await t.app.database.db
      .update(planProposals)
      .set({ status: 'CANCELLED', finishedAt: new Date() })
      .where(eq(planProposals.id, proposal.id));
    const until = Date.now() + WAIT_LIMIT_MS;
    while (t.app.planRunner.running().includes(proposal.id) && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    expect(t.app.planRunner.running()).not.toContain(proposal.id);
    expect((await api('GET', `/api/planner/proposals/${proposal.id}`)).body.data).toMatchObject({
      status: 'CANCELLED',
    });
  });

  it('answers a running job whose process stopped beating as failed', async () => {
    const lost = await insertProposal(t.app.database.db, {
      schoolId,
      status: 'RUNNING',
      request: { schoolId, studentIds, vehicleIds: [vehicles[0]!.id], seconds: 30, seed: 1 },
      createdAt: new Date(Date.now() - 120_000),
      heartbeatAt: new Date(Date.now() - 60_000),
    });
    const answer = await api('GET', `/api/planner/proposals/${lost.id}`);
    expect(answer.body.data).toMatchObject({ status: 'FAILED', error: RESTART_MESSAGE });
    expect((await api('POST', `/api/planner/proposals/${lost.id}/cancel`)).status).toBe(409);
  });

  it('fails, in words, a plan the vehicles cannot carry', async () => {
    const small = await recordsThrough(api).vehicle({ capacity: 4 });
    const done = await finished((await started({ vehicleIds: [small.id] })).id);
    expect(done.status).toBe('FAILED');
    expect(done.error).toMatch(/^\d+ of 30 children do not fit on any run \(1 vehicle of 4 seats/);
  });

  it('refuses drivers, parents and visitors', async () => {
    const proposal = await started();
    for (const role of ['driver', 'parent'] as const) {
      const as = apiAs(t.app, await tokenFor(t.app, role));
      expect((await as('GET', `/api/planner/proposals/${proposal.id}`)).status).toBe(403);
      expect((await as('POST', `/api/planner/proposals/${proposal.id}/cancel`)).status).toBe(403);
      expect((await as('POST', '/api/planner/proposals', { schoolId })).status).toBe(403);
    }
    const visitor = await t.app.inject({ method: 'GET', url: `/api/planner/proposals/${proposal.id}` });
    expect(visitor.statusCode).toBe(401);
    await finished(proposal.id);
  });

  it('plans one job at a time: the next ones wait their turn, told so, and one more than the line holds is refused', async () => {
    const first = await start({ seconds: 120 });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.message).toBe('Planning started.');
    const second = await start();
    expect(second.status).toBe(201);
    expect(second.body.message).toBe(
      'Planning queued: another planning job is running on this server; this one starts when they have finished.',
    );
    const waiting = [second.body.data as PlanProposal];
    for (let more = 1; more < MAX_WAITING_JOBS; more += 1) {
      const queued = await start();
      expect(queued.status).toBe(201);
      expect(queued.body.message).toContain(`and ${more} more`);
      waiting.push(queued.body.data as PlanProposal);
    }
    const refused = await start();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Another planning job is running on this server and ${MAX_WAITING_JOBS} more are waiting; try again when one has finished.`,
    );
    // While the first plans, the others have not begun: no progress, and they stay RUNNING (their rows beat).
    const firstId = (first.body.data as PlanProposal).id;
    await waitFor(firstId, (shown) => shown.progress !== null, 'showed progress');
    for (const { id } of waiting)
      expect((await api('GET', `/api/planner/proposals/${id}`)).body.data).toMatchObject({
        status: 'RUNNING',
        progress: null,
      });
    // A waiting job can be cancelled; once the first ends, the next in line plans.
    expect((await api('POST', `/api/planner/proposals/${waiting[2]!.id}/cancel`)).status).toBe(200);
    expect((await api('POST', `/api/planner/proposals/${firstId}/cancel`)).status).toBe(200);
    for (const { id } of waiting.slice(0, 2)) expect((await finished(id)).status).toBe('DONE');
    expect(t.app.planRunner.running()).toEqual([]);
  });

  // Last: the runner refuses new jobs once closed.
  it('on close, ends its threads and marks their jobs failed', async () => {
    const proposal = await started({ seconds: 120 });
    await t.app.planRunner.close();
    expect(t.app.planRunner.running()).toEqual([]);
    const [row] = await t.app.database.db
      .select()
      .from(planProposals)
      .where(eq(planProposals.id, proposal.id));
    expect(row).toMatchObject({ status: 'FAILED', error: RESTART_MESSAGE });
  });
});
