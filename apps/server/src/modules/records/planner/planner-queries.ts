import { and, between, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { PlanProgress, PlanResult, PlanStatus } from '@school-transport/shared';
import { schoolIsActive, studentIsActive } from '../../../db/active-records.js';
import type { Executor } from '../../../db/client.js';
import { planProposals, schools, stops, students, vehicles } from '../../../db/schema/index.js';
import type { Box } from '../../../lib/geo-distance.js';

/** The SQL of the route planner's jobs: what a job reads to plan, and its row in plan_proposals. */

export type ProposalRow = typeof planProposals.$inferSelect;
export type NewProposal = typeof planProposals.$inferInsert;

export async function schoolToPlan(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: schools.id,
      name: schools.name,
      lat: schools.lat,
      lng: schools.lng,
      bellTime: schools.bellTime,
      dismissalTime: schools.dismissalTime,
      active: sql<boolean>`${schoolIsActive}`,
    })
    .from(schools)
    .where(eq(schools.id, id));
  return row;
}

/**
 * The pickup points of these children (those that exist and are active), and whether each is picked up at their own
 * door; apart, the ids of those whose address still waits for a point (decision 072) and of those deactivated
 * (decision 076), which cannot be planned.
 */
export async function childHomes(db: Executor, ids: readonly string[]) {
  const rows = await db
    .select({
      id: students.id,
      lat: students.pickupAndDropLat,
      lng: students.pickupAndDropLng,
      doorToDoor: students.doorToDoor,
      active: sql<boolean>`${studentIsActive}`,
    })
    .from(students)
    .where(inArray(students.id, [...ids]));
  const active = rows.filter((row) => row.active);
  const placed = active.flatMap(({ lat, lng, active: _active, ...row }) =>
    lat !== null && lng !== null ? [{ ...row, lat, lng }] : [],
  );
  return {
    placed,
    unplacedIds: active.filter((row) => row.lat === null).map((row) => row.id),
    deactivatedIds: rows.filter((row) => !row.active).map((row) => row.id),
  };
}

export async function vehiclesToPlan(db: Executor, ids: readonly string[]) {
  return db
    .select({ id: vehicles.id, licensePlate: vehicles.licensePlate, capacity: vehicles.capacity })
    .from(vehicles)
    .where(inArray(vehicles.id, [...ids]));
}

/** Every stop inside the box (the lat/lng index); the planner measures the walks itself. */
export async function stopsInArea(db: Executor, box: Box) {
  return db
    .select({ id: stops.id, name: stops.name, lat: stops.lat, lng: stops.lng })
    .from(stops)
    .where(
      and(
        between(stops.lat, box.minLat, box.maxLat),
        or(...box.lngRanges.map(([west, east]) => between(stops.lng, west, east))),
      ),
    );
}

export async function insertProposal(tx: Executor, values: NewProposal): Promise<ProposalRow> {
  const [row] = await tx.insert(planProposals).values(values).returning();
  return row!;
}

export async function proposalWithSchool(db: Executor, id: string) {
  const [row] = await db
    .select({ proposal: planProposals, schoolName: schools.name })
    .from(planProposals)
    .innerJoin(schools, eq(schools.id, planProposals.schoolId))
    .where(eq(planProposals.id, id));
  return row;
}

const isRunning = (id: string) => and(eq(planProposals.id, id), eq(planProposals.status, 'RUNNING'));

/** The heartbeat of a running job, with its latest progress if there is news. False: it is no longer RUNNING. */
export async function beat(
  db: Executor,
  id: string,
  now: Date,
  progress: PlanProgress | null,
): Promise<boolean> {
  const rows = await db
    .update(planProposals)
    .set({ heartbeatAt: now, ...(progress ? { progress } : {}) })
    .where(isRunning(id))
    .returning({ id: planProposals.id });
  return rows.length > 0;
}

export interface Ending {
  status: Exclude<PlanStatus, 'RUNNING'>;
  finishedAt: Date;
  result?: PlanResult;
  progress?: PlanProgress | null;
  error?: string;
}

/** Ends a job that is still RUNNING (a cancel or a restart may have ended it first); answers the row if it did. */
export async function endProposal(
  db: Executor,
  id: string,
  ending: Ending,
): Promise<ProposalRow | undefined> {
  const [row] = await db
    .update(planProposals)
    .set({ ...ending, heartbeatAt: ending.finishedAt })
    .where(isRunning(id))
    .returning();
  return row;
}

/** Ends a RUNNING job whose process stopped beating before `staleBefore`. */
export async function failIfStale(
  db: Executor,
  id: string,
  staleBefore: Date,
  ending: Omit<Ending, 'status'>,
): Promise<void> {
  await db
    .update(planProposals)
    .set({ ...ending, status: 'FAILED' })
    .where(and(isRunning(id), lt(planProposals.heartbeatAt, staleBefore)));
}

/** Ends these jobs if they still run (the process that runs them is stopping). */
export async function failRunning(db: Executor, ids: readonly string[], ending: Omit<Ending, 'status'>) {
  if (ids.length === 0) return;
  await db
    .update(planProposals)
    .set({ ...ending, status: 'FAILED', heartbeatAt: ending.finishedAt })
    .where(and(inArray(planProposals.id, [...ids]), eq(planProposals.status, 'RUNNING')));
}
