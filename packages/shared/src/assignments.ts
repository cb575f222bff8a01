import { z } from 'zod';
import { overrideReasonField } from './compliance.js';
import { busRouteSchema } from './bus-routes.js';
import { driverSchema } from './drivers.js';
import { studentSchema } from './families.js';
import { LIST_SORTS, listQuerySchema, sortedListQuery } from './list.js';
import { vehicleSchema } from './vehicles.js';

/** Route assignments: one driver, one vehicle, one bus route and the children who ride. */

/** At most this many children in one request; a vehicle holds at most 100 anyway. */
const studentIds = z
  .array(z.uuid('Each student id must be valid'))
  .max(100, 'At most 100 students')
  .refine((ids) => new Set(ids).size === ids.length, 'A student is listed twice');

export const assignmentInputSchema = z.object({
  routeId: z.uuid('Please choose a route'),
  vehicleId: z.uuid('Please choose a vehicle'),
  driverId: z.uuid('Please choose a driver'),
  /** Goes ahead although the driver or vehicle has an expired blocking credential (audited, issue 18). */
  overrideReason: overrideReasonField.optional(),
});
export type AssignmentInput = z.input<typeof assignmentInputSchema>;

/** POST /api/route-assignments/create: driver, vehicle and route, optionally with the children already chosen. */
export const assignmentCreateSchema = assignmentInputSchema.extend({ studentIds: studentIds.default([]) });
export type AssignmentCreateInput = z.input<typeof assignmentCreateSchema>;

/** POST /api/route-assignments/assign-students: the assignment's new set of children (replaces the old). */
export const assignStudentsSchema = z.object({ id: z.uuid('The assignment id is not valid'), studentIds });
export type AssignStudentsInput = z.input<typeof assignStudentsSchema>;

/**
 * GET /api/route-assignments/get-all: besides the search, the assignment of one vehicle or one route (a vehicle's
 * or route's page); each is in at most one, found through its unique index.
 */
export const assignmentListQuerySchema = sortedListQuery(
  listQuerySchema.extend({
    vehicleId: z.uuid('The vehicle id is not valid').optional(),
    routeId: z.uuid('The route id is not valid').optional(),
  }),
  LIST_SORTS['route-assignments'],
);
export type AssignmentListQuery = z.infer<typeof assignmentListQuerySchema>;

/** A route assignment in a list: the names that identify its parts and how many children ride. */
export const assignmentSummarySchema = z.object({
  id: z.string(),
  driver: z.object({ id: z.string(), name: z.string(), licenseNo: z.string(), phone: z.string() }),
  vehicle: z.object({ id: z.string(), licensePlate: z.string(), capacity: z.number() }),
  route: z.object({ id: z.string(), name: z.string() }),
  totalStudents: z.number(),
  createdAt: z.string(),
});
export type AssignmentSummary = z.infer<typeof assignmentSummarySchema>;

/** One route assignment with its driver, vehicle, route and children as their own answers show them. */
export const assignmentDetailsSchema = z.object({
  id: z.string(),
  driver: driverSchema,
  vehicle: vehicleSchema,
  route: busRouteSchema,
  students: z.array(studentSchema),
  createdAt: z.string(),
});
export type AssignmentDetails = z.infer<typeof assignmentDetailsSchema>;

export const ASSIGNMENT_MESSAGES = {
  fillRequired: 'Please fill all the required fields !',
  addOneStudent: 'Please add at least one student !',
  // The original wording said 'sits'; the word is corrected here and on every screen.
  noSeats: 'No more available seats in the vehicle!',
} as const;
