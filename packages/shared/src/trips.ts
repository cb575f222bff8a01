import { z } from 'zod';
import { studentSchema } from './families.js';
import { dateField } from './fields.js';
import { LIST_SORTS, listQuerySchema, sortedListQuery } from './list.js';
import { TRIP_STATUSES, TRIP_TYPES } from './trip-statuses.js';

export * from './trip-statuses.js';

/** Trips: one run of an assignment's bus on one day, pickup or drop. */

/** Without a sort, today's trips come first, then upcoming ones, then past ones (trip-queries.ts). */
export const tripListQuerySchema = sortedListQuery(
  listQuerySchema.extend({
    status: z.enum(TRIP_STATUSES).optional(),
    type: z.enum(TRIP_TYPES).optional(),
    dateFrom: dateField('Date from').optional(),
    dateTo: dateField('Date to').optional(),
    /** Only the trips of one route assignment (a vehicle's or route's page): read along the trips' unique index. */
    assignmentId: z.uuid('The assignment id is not valid').optional(),
  }),
  LIST_SORTS.trips,
);
export type TripListQuery = z.infer<typeof tripListQuerySchema>;

export const generateTripsSchema = z.object({ date: dateField() });
export type GenerateTripsInput = z.input<typeof generateTripsSchema>;

const tripStatusField = z.enum(TRIP_STATUSES);

export const tripSchema = z.object({
  id: z.string(),
  assignmentId: z.string().nullable(),
  type: z.enum(TRIP_TYPES),
  status: tripStatusField,
  /** The day the trip runs, YYYY-MM-DD. */
  date: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** When the run is planned to start that day (from the route's schedule); null when the route had none. */
  plannedStartAt: z.string().nullable(),
  /** Snapshot taken when the trip was generated, so history reads right after edits and deletes. */
  route: z.object({ name: z.string() }),
  driver: z.object({ name: z.string(), licenseNo: z.string(), phone: z.string() }),
  vehicle: z.object({ licensePlate: z.string() }),
  /**
   * When a cover put another driver or vehicle on the trip (decision 054): the cover and who was planned (driver
   * and vehicle above are who drives); null on a trip run as planned.
   */
  cover: z
    .object({
      id: z.string().nullable(),
      plannedDriver: z.object({ name: z.string() }),
      plannedVehicle: z.object({ licensePlate: z.string() }),
    })
    .nullable(),
  createdAt: z.string(),
});
export type Trip = z.infer<typeof tripSchema>;

export const tripEventSchema = z.object({
  status: tripStatusField,
  at: z.string(),
  by: z.string().nullable(),
});
export type TripEvent = z.infer<typeof tripEventSchema>;

export const tripDetailsSchema = tripSchema.extend({
  /** Children of the trip's assignment today; empty when the assignment was deleted. */
  students: z.array(studentSchema),
  history: z.array(tripEventSchema),
});
export type TripDetails = z.infer<typeof tripDetailsSchema>;

export const generateTripsAnswerSchema = z.object({
  date: z.string(),
  created: z.number().int(),
  /** Trips of that day that already existed and were left as they were. */
  existing: z.number().int(),
});
export type GenerateTripsAnswer = z.infer<typeof generateTripsAnswerSchema>;
