import { z } from 'zod';
import { dateField, requiredText } from './fields.js';
import { TRIP_TYPES } from './trip-statuses.js';

/**
 * Covers (issue 34, decision 054): for a day or a range of days, one run of a route's assignment (or the whole
 * day) is driven by another driver, another vehicle, or both.
 */

export const coverInputSchema = z
  .object({
    assignmentId: z.uuid('Choose a route assignment'),
    firstDate: dateField('First day'),
    /** The last day covered; the first day alone when missing. */
    lastDate: dateField('Last day').optional(),
    /** One run; missing or null: both runs of each day. */
    run: z.enum(TRIP_TYPES, 'Run must be PICKUP or DROP').nullish(),
    driverId: z.uuid('The substitute driver id is not valid').nullish(),
    vehicleId: z.uuid('The substitute vehicle id is not valid').nullish(),
    reason: requiredText('Reason', 500),
  })
  .refine((input) => input.driverId || input.vehicleId, {
    message: 'Choose a substitute driver, a substitute vehicle, or both',
    path: ['driverId'],
  })
  .refine((input) => !input.lastDate || input.lastDate >= input.firstDate, {
    message: 'The last day cannot be before the first day',
    path: ['lastDate'],
  });
export type CoverInput = z.input<typeof coverInputSchema>;
export type CoverData = z.output<typeof coverInputSchema>;

/** Covers whose days meet this range (both days included). */
export const coverListQuerySchema = z
  .object({ dateFrom: dateField('Date from'), dateTo: dateField('Date to') })
  .refine((query) => query.dateTo >= query.dateFrom, {
    message: 'Date to cannot be before date from',
    path: ['dateTo'],
  });
export type CoverListQuery = z.infer<typeof coverListQuerySchema>;

export const coverSchema = z.object({
  id: z.string(),
  assignmentId: z.string(),
  routeName: z.string(),
  firstDate: z.string(),
  lastDate: z.string(),
  run: z.enum(TRIP_TYPES).nullable(),
  /** Who was planned (the assignment's driver and vehicle now). */
  planned: z.object({ driverName: z.string(), vehiclePlate: z.string() }),
  /** The substitutes: null where the plan's own stays. */
  driver: z.object({ id: z.string(), name: z.string() }).nullable(),
  vehicle: z.object({ id: z.string(), licensePlate: z.string() }).nullable(),
  reason: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type Cover = z.infer<typeof coverSchema>;

/** A new cover and what its trips did: re-pointed now, or left as they ran (started or finished). */
export const coverAnswerSchema = coverSchema.extend({
  tripsCovered: z.number().int(),
  tripsLeftAsRun: z.number().int(),
});
export type CoverAnswer = z.infer<typeof coverAnswerSchema>;

/** An undone cover: how many pending trips went back to the plan, how many had run and keep who drove. */
export const coverUndoneSchema = z.object({
  tripsRestored: z.number().int(),
  tripsLeftAsRun: z.number().int(),
});
export type CoverUndone = z.infer<typeof coverUndoneSchema>;
