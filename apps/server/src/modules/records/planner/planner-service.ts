import type { StraightLineSettings } from '@school-transport/planner';
import type { FieldError, PlanProposal, PlanRequest } from '@school-transport/shared';
import type { Database } from '../../../db/client.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import type { Clock } from '../../../lib/clock.js';
import { writerFor } from '../../../lib/db-errors.js';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors.js';
import { recordAudit } from '../../platform/audit/index.js';
import { boxAround, distanceM, type Point } from '../../../lib/geo-distance.js';
import { createPlanReviewService } from './plan-review-service.js';
import type { PlanAnnouncer } from '../plan-changes/index.js';
import { MAX_WAITING_JOBS, RESTART_MESSAGE, type PlanRunner } from './plan-runner.js';
import type { PlanJob, PlanRules } from './plan-worker.js';
import {
  childHomes,
  endProposal,
  failIfStale,
  insertProposal,
  proposalWithSchool,
  schoolToPlan,
  stopsInArea,
  vehiclesToPlan,
  type ProposalRow,
} from './planner-queries.js';

/** A RUNNING job whose row has not beaten for this long lost its process (the runner beats every second). */
export const STALE_AFTER_MS = 30_000;
/** A "not found" answer names at most this many of the missing ids. */
const NAMED_IDS = 5;

const NOT_FOUND = 'Proposal not found.';

/** PostgreSQL's `time` (07:30:00) as seconds from midnight. */
function secondsOfDay(time: string): number {
  const [hours = 0, minutes = 0, seconds = 0] = time.split(':').map(Number);
  return hours * 3600 + minutes * 60 + seconds;
}

type SchoolToPlan = NonNullable<Awaited<ReturnType<typeof schoolToPlan>>>;

/** A school's planning job: its place and its clock times as seconds of the day, with the rest as given. */
export function schoolJob(school: SchoolToPlan, rest: Omit<PlanJob, 'name' | 'school'>): PlanJob {
  return {
    name: school.name,
    school: {
      lat: school.lat,
      lng: school.lng,
      bellTimeSeconds: secondsOfDay(school.bellTime),
      dismissalTimeSeconds: secondsOfDay(school.dismissalTime),
    },
    ...rest,
  };
}

function missingIds(wanted: readonly string[], found: ReadonlyArray<{ id: string }>): string[] {
  const present = new Set(found.map((row) => row.id));
  return wanted.filter((id) => !present.has(id));
}

function missingError(field: string, what: string, missing: readonly string[]): FieldError {
  const named = missing.slice(0, NAMED_IDS).join(', ');
  const more = missing.length > NAMED_IDS ? ` and ${missing.length - NAMED_IDS} more` : '';
  return { field, message: `${what} not found: ${named}${more}` };
}

/** A box holding every stop within walking distance of any child: a circle around the middle of their homes. */
function areaAround(homes: readonly Point[], walkingM: number) {
  const lats = homes.map((home) => home.lat);
  const lngs = homes.map((home) => home.lng);
  const centre = {
    lat: (Math.min(...lats) + Math.max(...lats)) / 2,
    lng: (Math.min(...lngs) + Math.max(...lngs)) / 2,
  };
  const farthest = Math.max(...homes.map((home) => distanceM(centre, home)));
  return boxAround(centre, farthest + walkingM);
}

const toProposal = (row: ProposalRow, schoolName: string): PlanProposal => ({
  id: row.id,
  school: { id: row.schoolId, name: schoolName },
  status: row.status,
  request: row.request,
  progress: row.progress,
  result: row.result,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
  acceptedAt: row.acceptedAt?.toISOString() ?? null,
});

export interface PlannerServiceDeps {
  db: Database;
  clock: Clock;
  /** The operator's time zone: accepting a plan refreshes the routes' trips of today and later. */
  timeZone: string;
  runner: PlanRunner;
  /** The straight-line travel estimate the server uses for ETAs too. */
  travel: StraightLineSettings;
  /** The operator's rules (settings), and the longest search a request may ask for on this server. */
  rules: PlanRules & { maxSeconds: number };
  /** Accepting a plan tells the guardians of the children it moved (decision 068). */
  plans: PlanAnnouncer;
}

const PROPOSAL_CONFLICTS = {
  plan_proposals_school_id_schools_id_fk: {
    field: 'schoolId',
    message: 'The school was deleted meanwhile.',
  },
};

/** The operator's rules a job plans by, without the server's limit on a request. */
const planRulesOf = (rules: PlannerServiceDeps['rules']): PlanRules => ({
  walkingDistanceM: rules.walkingDistanceM,
  maxChildrenPerStop: rules.maxChildrenPerStop,
  maxRideSeconds: rules.maxRideSeconds,
});

/** The job's input, or a 404 naming what does not exist. */
async function jobFor({ db, travel, rules }: PlannerServiceDeps, request: PlanRequest) {
  const planRules = planRulesOf(rules);
  const [school, { placed: homes, unplacedIds, deactivatedIds }, fleet] = await Promise.all([
    schoolToPlan(db, request.schoolId),
    childHomes(db, request.studentIds),
    vehiclesToPlan(db, request.vehicleIds),
  ]);
  const errors: FieldError[] = [];
  if (!school) errors.push({ field: 'schoolId', message: 'School not found.' });
  const missingChildren = missingIds(
    request.studentIds.filter((id) => !unplacedIds.includes(id) && !deactivatedIds.includes(id)),
    homes,
  );
  if (missingChildren.length > 0) errors.push(missingError('studentIds', 'Children', missingChildren));
  const missingVehicles = missingIds(request.vehicleIds, fleet);
  if (missingVehicles.length > 0) errors.push(missingError('vehicleIds', 'Vehicles', missingVehicles));
  if (!school || errors.length > 0)
    throw new AppError(404, errors.map((error) => error.message).join(' '), errors);
  // Deactivated records are not planned (decision 076): the office reactivates them first, or leaves them out.
  if (!school.active) {
    const message = `${school.name} is deactivated (gone from the roster): reactivate it before planning its runs.`;
    throw conflict(message, [{ field: 'schoolId', message }]);
  }
  if (deactivatedIds.length > 0) {
    const message =
      `${deactivatedIds.length} of these children ${deactivatedIds.length === 1 ? 'is' : 'are'} deactivated ` +
      '(gone from the roster): leave them out, or reactivate them first.';
    throw conflict(message, [{ field: 'studentIds', message }]);
  }
  if (unplacedIds.length > 0) {
    const message =
      `${unplacedIds.length} of these children ${unplacedIds.length === 1 ? 'has' : 'have'} no home point yet: ` +
      'the address waits for the geocoder or for Review addresses. Place them first, or leave them out.';
    throw conflict(message, [{ field: 'studentIds', message }]);
  }

  const existingStops = await stopsInArea(db, areaAround(homes, planRules.walkingDistanceM));
  const job = schoolJob(school, {
    children: homes,
    existingStops,
    vehicles: fleet,
    rules: planRules,
    travel,
    seconds: request.seconds,
    seed: request.seed,
    iterations: request.iterations,
  });
  return { school, job };
}

async function readProposal(db: Database, id: string): Promise<PlanProposal> {
  const found = await proposalWithSchool(db, id);
  if (!found) throw notFound(NOT_FOUND);
  return toProposal(found.proposal, found.schoolName);
}

/** A job whose process stopped beating is answered, and kept, as FAILED. */
async function readCurrent({ db, clock }: PlannerServiceDeps, id: string): Promise<PlanProposal> {
  const now = clock();
  await failIfStale(db, id, new Date(now.getTime() - STALE_AFTER_MS), {
    error: RESTART_MESSAGE,
    finishedAt: now,
  });
  return readProposal(db, id);
}

/** Writes the job's row (audited) and hands it to the runner, which plans it now or when its turn comes. */
async function startInLine(
  { db, clock, runner }: PlannerServiceDeps,
  school: SchoolToPlan,
  job: PlanJob,
  request: PlanRequest,
  context: ChangeContext,
  place: { release(): void },
): Promise<PlanProposal> {
  const now = clock();
  const write = writerFor(db, PROPOSAL_CONFLICTS);
  const row = await write(async (tx) => {
    const created = await insertProposal(tx, {
      schoolId: school.id,
      status: 'RUNNING',
      request,
      createdBy: context.actor.id,
      createdAt: now,
      heartbeatAt: now,
    });
    await recordAudit(tx, {
      ...context,
      action: 'plan.started',
      entityType: 'plan_proposal',
      entityId: created.id,
      details: {
        schoolId: school.id,
        children: request.studentIds.length,
        vehicles: request.vehicleIds.length,
        seconds: request.seconds,
        seed: request.seed,
        iterations: request.iterations,
      },
    });
    return created;
  });
  // The place turns into the job itself in the same turn of the event loop.
  place.release();
  await runner.start(row.id, job);
  return readProposal(db, row.id);
}

const notRunning = (proposal: PlanProposal) =>
  conflict(`This planning job is not running any more: it is ${proposal.status.toLowerCase()}.`);

/** Starts a job, or puts it in line behind the one planning; `ahead` tells how many jobs come first. */
export async function startPlanning(
  deps: PlannerServiceDeps,
  request: PlanRequest,
  context: ChangeContext,
): Promise<{ proposal: PlanProposal; ahead: number }> {
  const { maxSeconds } = deps.rules;
  if (request.seconds > maxSeconds) {
    const message = `Planning time in seconds must be at most ${maxSeconds} on this server`;
    throw badRequest(message, [{ field: 'seconds', message }]);
  }
  const { school, job } = await jobFor(deps, request);
  const place = deps.runner.reserve();
  if (!place)
    throw conflict(
      `Another planning job is running on this server and ${MAX_WAITING_JOBS} more are waiting; ` +
        'try again when one has finished.',
    );
  try {
    return { proposal: await startInLine(deps, school, job, request, context, place), ahead: place.ahead };
  } finally {
    place.release();
  }
}

/** Cancels a RUNNING job, wherever it runs: its row here, its thread now if it is this process's (else at
 * its owner's next beat). */
export async function cancelPlanning(
  deps: PlannerServiceDeps,
  id: string,
  context: ChangeContext,
): Promise<PlanProposal> {
  const { db, clock, runner } = deps;
  const current = await readCurrent(deps, id);
  if (current.status !== 'RUNNING') throw notRunning(current);
  const write = writerFor(db, PROPOSAL_CONFLICTS);
  const cancelled = await write(async (tx) => {
    const ended = await endProposal(tx, id, { status: 'CANCELLED', finishedAt: clock() });
    if (!ended) return false;
    await recordAudit(tx, {
      ...context,
      action: 'plan.cancelled',
      entityType: 'plan_proposal',
      entityId: id,
      details: { schoolId: ended.schoolId },
    });
    return true;
  });
  // It ended between the look and the cancel (finished or failed): say how.
  if (!cancelled) throw notRunning(await readProposal(db, id));
  await runner.stop(id);
  return readProposal(db, id);
}

/**
 * The route planner's jobs: start one for a school and chosen children and vehicles, read its progress and its
 * proposal, cancel it. Planning never changes stops, routes or seats; the proposal waits for review, and only
 * its acceptance (plan-review-service.ts) writes them.
 */
export function createPlannerService(deps: PlannerServiceDeps) {
  const { db, clock, timeZone, plans } = deps;
  return {
    ...createPlanReviewService({ db, clock, timeZone, plans }),
    start: startPlanning.bind(null, deps),
    get: readCurrent.bind(null, deps),
    cancel: cancelPlanning.bind(null, deps),
  };
}
export type PlannerService = ReturnType<typeof createPlannerService>;
