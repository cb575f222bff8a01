import { z } from 'zod';
import { wholeNumber } from './fields.js';

/**
 * The route planner's jobs (issue 17): an administrator asks for stops and runs for one school and chosen
 * children and vehicles; the server plans in the background and keeps the proposal for review. Nothing in stops,
 * routes or seats changes until a person accepts a proposal.
 */

/** The longest a planning job may search, in seconds: the request's upper limit. */
export const PLANNER_MAX_SECONDS = 300;
/** A job plans this long unless the request says otherwise. */
export const PLANNER_DEFAULT_SECONDS = 30;
export const PLANNER_MAX_STUDENTS = 5000;
export const PLANNER_MAX_VEHICLES = 500;
/** The solver's generator takes a 32-bit seed: a larger one would repeat a smaller one's plan. */
export const PLANNER_MAX_SEED = 2 ** 32 - 1;
export const PLANNER_MAX_ITERATIONS = 10_000_000;

const distinctIds = (label: string, plural: string, max: number) =>
  z
    .array(z.uuid(`Each ${label} id must be valid`), { error: `Choose the ${plural}` })
    .min(1, `Choose at least one ${label}`)
    .max(max, `At most ${max} ${plural} in one plan`)
    .refine((ids) => new Set(ids).size === ids.length, `A ${label} is listed twice`);

/** POST /api/planner/proposals. The same request and seed plan the same way (given the same time to search). */
export const planRequestSchema = z.object({
  schoolId: z.uuid('Choose a school'),
  studentIds: distinctIds('child', 'children', PLANNER_MAX_STUDENTS),
  vehicleIds: distinctIds('vehicle', 'vehicles', PLANNER_MAX_VEHICLES),
  seconds: wholeNumber('Planning time in seconds', 1, PLANNER_MAX_SECONDS).default(PLANNER_DEFAULT_SECONDS),
  seed: wholeNumber('Seed', 0, PLANNER_MAX_SEED).default(1),
  /**
   * Stop the search after this many ruin-and-recreate iterations (or at the time limit, whichever comes first).
   * A time limit alone ends after however many iterations the machine managed; with an iteration budget that
   * the time allows, the same request and seed give the same plan on any machine.
   */
  iterations: wholeNumber('Iterations', 1, PLANNER_MAX_ITERATIONS).optional(),
});
export type PlanRequestInput = z.input<typeof planRequestSchema>;
export type PlanRequest = z.output<typeof planRequestSchema>;

export const PLAN_STATUSES = ['RUNNING', 'DONE', 'FAILED', 'CANCELLED'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** The search so far: cost is driving seconds of the best plan found, `vehicles` the runs it needs. */
export const planProgressSchema = z.object({
  bestCost: z.number(),
  vehicles: z.number(),
  iteration: z.number(),
  elapsedMs: z.number(),
});
export type PlanProgress = z.infer<typeof planProgressSchema>;

/** A proposed stop: an existing stop reused, or a new one (existingStopId null) at a child's own pickup point. */
export const plannedStopSchema = z.object({
  existingStopId: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  childIds: z.array(z.string()),
});
export type PlannedStop = z.infer<typeof plannedStopSchema>;

/** A stop of a run, with when the bus is there (HH:MM, the school's wall clock). */
export const plannedRunStopSchema = plannedStopSchema.extend({ time: z.string() });

/** One vehicle's run: its stops in driving order; morning runs end at school, afternoon runs start there. */
export const plannedRunSchema = z.object({
  vehicleId: z.string(),
  licensePlate: z.string(),
  stops: z.array(plannedRunStopSchema),
  /** Morning: arrival at school; afternoon: departure from school. HH:MM. */
  schoolTime: z.string(),
  children: z.number(),
  /** Driven, estimated. */
  metres: z.number(),
  /** From the first stop to school (morning), from dismissal to the last stop (afternoon), stops included. */
  seconds: z.number(),
});
export type PlannedRun = z.infer<typeof plannedRunSchema>;

/** The figures of a plan, for the review screen (the morning runs'; the afternoon mirrors them). */
export const planSummarySchema = z.object({
  vehicles: z.number(),
  totalKm: z.number(),
  totalMinutes: z.number(),
  longestRideMinutes: z.number(),
  childrenPerRun: z.array(z.number()),
});
export type PlanSummary = z.infer<typeof planSummarySchema>;

export const planResultSchema = z.object({
  stops: z.array(plannedStopSchema),
  morningRuns: z.array(plannedRunSchema),
  afternoonRuns: z.array(plannedRunSchema),
  summary: planSummarySchema,
});
export type PlanResult = z.infer<typeof planResultSchema>;

/** GET /api/planner/proposals/{id}, and the answer of starting or cancelling a job. */
export const planProposalSchema = z.object({
  id: z.string(),
  school: z.object({ id: z.string(), name: z.string() }),
  status: z.enum(PLAN_STATUSES),
  request: z.object({
    schoolId: z.string(),
    studentIds: z.array(z.string()),
    vehicleIds: z.array(z.string()),
    seconds: z.number(),
    seed: z.number(),
    iterations: z.number().optional(),
  }),
  progress: planProgressSchema.nullable(),
  result: planResultSchema.nullable(),
  /** Why a job FAILED, in words for the person who started it. */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When a person accepted the proposal into stops, routes and seats; null until then. */
  acceptedAt: z.string().nullable(),
});
export type PlanProposal = z.infer<typeof planProposalSchema>;

/* ---------- Review and acceptance ---------- */

/** A stop of a run as the review map draws it: an existing stop (with its id) or one the proposal would create. */
export const reviewStopSchema = z.object({
  /** null: a new stop, created on acceptance at a child's pickup point. */
  stopId: z.string().nullable(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** HH:MM on the operator's wall clock; null for a current route whose run has no start time. */
  time: z.string().nullable(),
  children: z.number(),
});
export type ReviewStop = z.infer<typeof reviewStopSchema>;

/** One vehicle's morning run, now or as proposed, with the assignment (route and driver) that would drive it. */
export const reviewRunSchema = z.object({
  vehicleId: z.string(),
  licensePlate: z.string(),
  /** The vehicle's assignment: null when the vehicle has none (such a proposal cannot be accepted). */
  routeId: z.string().nullable(),
  routeName: z.string().nullable(),
  driverName: z.string().nullable(),
  stops: z.array(reviewStopSchema),
  children: z.number(),
});
export type ReviewRun = z.infer<typeof reviewRunSchema>;

/** Where a child rides: a route and the stop they wait at (null: not seated / their own pickup point). */
export const childPlacementSchema = z.object({
  routeName: z.string().nullable(),
  stopName: z.string().nullable(),
});

/** A child whose route or stop would change on acceptance, or who would lose their seat. */
export const childChangeSchema = z.object({
  studentId: z.string(),
  name: z.string(),
  from: childPlacementSchema,
  to: childPlacementSchema,
});
export type ChildChange = z.infer<typeof childChangeSchema>;

/**
 * GET /api/planner/proposals/{id}/review, for a DONE proposal: the chosen vehicles' routes as they are now and as
 * proposed (morning runs; afternoon runs mirror them), and every child whose route or stop would change. Children
 * seated on those routes but not in the plan lose their seat on acceptance and are listed too.
 */
export const planReviewSchema = z.object({
  proposalId: z.string(),
  school: z.object({ id: z.string(), name: z.string(), lat: z.number(), lng: z.number() }),
  current: z.array(reviewRunSchema),
  proposed: z.array(reviewRunSchema),
  summary: planSummarySchema,
  changes: z.array(childChangeSchema),
  /** Why the proposal cannot be accepted as it stands, in words; empty when it can. */
  blockers: z.array(z.string()),
  acceptedAt: z.string().nullable(),
});
export type PlanReview = z.infer<typeof planReviewSchema>;

/**
 * POST /api/planner/proposals/{id}/accept: writes the new stops, each used route's runs and stops (morning and
 * afternoon), the children's stops and seats in one audited transaction. 409 when the proposal is not DONE, was
 * accepted already, or no longer fits (a vehicle without an assignment, a child or stop deleted since).
 */
export const planAcceptedSchema = z.object({
  proposalId: z.string(),
  acceptedAt: z.string(),
  stopsCreated: z.number(),
  routesChanged: z.number(),
  childrenSeated: z.number(),
  childrenUnseated: z.number(),
});
export type PlanAccepted = z.infer<typeof planAcceptedSchema>;
