import { z } from 'zod';
import { RUNS } from './stops.js';

export { PLAN_CHANGE_PATHS } from './parent-portal-constants.js';

/**
 * Changes to a child's standing plan (issue 35 item 5, decision 068): when a plan accepted in the planner, a route's
 * schedule or a child's seat or stop moves where or when a child is picked up or dropped for good, their guardians
 * are told ("From Monday 8 September: stop Oak Street at 7:38") and acknowledge it; the office sees who has not
 * and reminds them. One-off and weekly stop changes (decision 057) are exceptions of some days, not this.
 */

/** A reminder goes at most once a day per change; the office may pick this many changes at once. */
export const PLAN_CHANGE_REMIND_MAX = 500;
/** The office's list shows at most this many open changes, oldest first (the ones waiting longest). */
export const PLAN_CHANGE_LIST_MAX = 500;

/** Where and when, as announced: a stop's name (null: the child's own pickup point) and 'HH:MM' (null: no time). */
const placeSchema = z.object({ stopName: z.string().nullable(), time: z.string().nullable() });
export type PlanPlace = z.infer<typeof placeSchema>;

/** One announced change, as a guardian reads it. */
export const planChangeSchema = z.object({
  id: z.string(),
  studentId: z.string(),
  childName: z.string(),
  run: z.enum(RUNS),
  routeName: z.string(),
  /** Null for a child's first plan. */
  before: placeSchema.nullable(),
  after: placeSchema,
  /** The first school day the new plan applies, YYYY-MM-DD. */
  effectiveFrom: z.string(),
  createdAt: z.string(),
  /** When a guardian of the child acknowledged it (any one of them counts for the child), and who. */
  acknowledgedAt: z.string().nullable(),
  acknowledgedByName: z.string().nullable(),
});
export type PlanChange = z.infer<typeof planChangeSchema>;

/** One open change as the office reads it: the child's guardians and when they were last reminded. */
export const officePlanChangeSchema = planChangeSchema
  .omit({ acknowledgedAt: true, acknowledgedByName: true })
  .extend({
    guardians: z.array(z.object({ name: z.string(), email: z.string() })),
    schoolName: z.string().nullable(),
    lastRemindedAt: z.string().nullable(),
  });
export type OfficePlanChange = z.infer<typeof officePlanChangeSchema>;

/** GET /api/plan-changes: the open (unacknowledged) changes, of one route or one school. */
export const officePlanChangesQuerySchema = z.object({
  routeId: z.uuid('Choose a route').optional(),
  schoolId: z.uuid('Choose a school').optional(),
});
export type OfficePlanChangesQuery = z.infer<typeof officePlanChangesQuerySchema>;

export const officePlanChangesAnswerSchema = z.object({
  changes: z.array(officePlanChangeSchema),
  /** True when more open changes match than the list shows (PLAN_CHANGE_LIST_MAX). */
  truncated: z.boolean(),
});
export type OfficePlanChangesAnswer = z.infer<typeof officePlanChangesAnswerSchema>;

/** POST /api/plan-changes/remind: the changes to remind the guardians of (one, or every one shown). */
export const planChangeRemindInputSchema = z.object({
  ids: z
    .array(z.uuid('A change id is not valid'))
    .min(1, 'Choose at least one change')
    .max(PLAN_CHANGE_REMIND_MAX, `At most ${PLAN_CHANGE_REMIND_MAX} changes at once`),
});
export type PlanChangeRemindInput = z.infer<typeof planChangeRemindInputSchema>;

/** How many of the chosen changes were reminded now; the others were reminded today already, or are settled. */
export const planChangeRemindAnswerSchema = z.object({
  reminded: z.number().int(),
  skipped: z.number().int(),
});
export type PlanChangeRemindAnswer = z.infer<typeof planChangeRemindAnswerSchema>;
