import { z } from 'zod';
import { studentSchema } from './families.js';
import { dateField, requiredText } from './fields.js';
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
  /**
   * Why it ended as it did, in the office's or driver's words: the cancellation's reason, the handover's, or why
   * the driver finished with a child on board. Null when nobody had to say.
   */
  finishReason: z.string().nullable(),
  /** The office marked the run late (decision 056): by how many minutes and why; null when it runs as planned. */
  delay: z.object({ minutes: z.number().int(), reason: z.string() }).nullable(),
  /**
   * A breakdown's handover (decision 056): on the original, the rescue trip that took its children on; on the
   * rescue trip, the trip it took them from. Null on a trip that is neither.
   */
  handedOverTo: z.string().nullable(),
  rescueOf: z.string().nullable(),
  createdAt: z.string(),
});
export type Trip = z.infer<typeof tripSchema>;

/** The reason the office gives for cancelling or delaying a run: parents read it as typed. */
const runReasonField = requiredText('Reason', 300);

/** POST /api/trips/cancel/{id}: the reason is required, parents read it (decision 056). */
export const cancelTripSchema = z.object({ reason: runReasonField });
export type CancelTripInput = z.input<typeof cancelTripSchema>;

/** The longest delay the office may mark: beyond it a run is better cancelled or rescued. */
export const MAX_DELAY_MINUTES = 240;

/**
 * POST /api/trips/delay/{id}: the run is about `minutes` late (0 takes the delay back), why. Parents of the
 * seated children are told once per change.
 */
export const delayTripSchema = z.object({
  minutes: z.coerce
    .number({ error: 'Minutes must be a number' })
    .int('Minutes must be a whole number')
    .min(0, 'Minutes cannot be negative')
    .max(MAX_DELAY_MINUTES, `Minutes must be at most ${MAX_DELAY_MINUTES}`),
  reason: runReasonField,
});
export type DelayTripInput = z.input<typeof delayTripSchema>;

/**
 * POST /api/trips/rescue/{id}: a started trip's bus broke down; another driver and vehicle take the children on
 * board on a rescue trip that starts at once, and the original ends, handed over (decision 056).
 */
export const rescueTripSchema = z.object({
  driverId: z.uuid('Choose the rescue driver'),
  vehicleId: z.uuid('Choose the rescue vehicle'),
  reason: runReasonField,
});
export type RescueTripInput = z.input<typeof rescueTripSchema>;

/** The rescue trip and how many children it took on board. */
export const rescueAnswerSchema = z.object({
  rescueTrip: tripSchema,
  childrenHandedOver: z.number().int(),
});
export type RescueAnswer = z.infer<typeof rescueAnswerSchema>;

/**
 * POST /api/trips/combine/{id}: the run `id` rides with `hostTripId` (same day and run, both pending): its children
 * and stops join the host trip, and it is cancelled with `reason` (decision 061).
 */
export const combineTripSchema = z.object({
  hostTripId: z.uuid('Choose the run to ride with'),
  reason: runReasonField,
});
export type CombineTripInput = z.input<typeof combineTripSchema>;

/** PUT /api/trips/combine/{id}/order: the host trip's stops, by their current positions, in the new order. */
export const orderTripStopsSchema = z.object({
  positions: z.array(z.number().int().min(0)).min(1, 'Name the stops in their new order'),
});
export type OrderTripStopsInput = z.input<typeof orderTripStopsSchema>;

export const tripEventSchema = z.object({
  status: tripStatusField,
  at: z.string(),
  by: z.string().nullable(),
});
export type TripEvent = z.infer<typeof tripEventSchema>;

export const tripDetailsSchema = tripSchema.extend({
  /** Children of the trip's assignment today; empty when the assignment was deleted. */
  students: z.array(studentSchema),
  /** Children of runs that ride with this one that day (a combine's host, decision 061), with their route's name. */
  joiningStudents: z.array(studentSchema.extend({ fromRouteName: z.string() })),
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
