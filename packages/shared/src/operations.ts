import { z } from 'zod';
import { dateField } from './fields.js';
import { listQuerySchema } from './list.js';
import type { Driver, Route, Vehicle } from './fleet.js';
import type { Student } from './families.js';

/**
 * Route assignments (one driver, one vehicle, one route and the children who ride), trips, and the dashboard.
 */

/** Lists of things that can be assigned also filter to the ones that are free: `?unassigned=true`. */
export const assignableListQuerySchema = listQuerySchema.extend({
  unassigned: z.stringbool({ error: 'unassigned must be true or false' }).optional(),
});
export type AssignableListQuery = z.infer<typeof assignableListQuerySchema>;

/** At most this many children in one request; a vehicle holds at most 100 anyway. */
const studentIds = z
  .array(z.uuid('Each student id must be valid'))
  .max(100, 'At most 100 students')
  .refine((ids) => new Set(ids).size === ids.length, 'A student is listed twice');

export const assignmentInputSchema = z.object({
  routeId: z.uuid('Please choose a route'),
  vehicleId: z.uuid('Please choose a vehicle'),
  driverId: z.uuid('Please choose a driver'),
});
export type AssignmentInput = z.input<typeof assignmentInputSchema>;

/** POST /api/route-assignments/create: the spec's payload, optionally with the children already chosen. */
export const assignmentCreateSchema = assignmentInputSchema.extend({ studentIds: studentIds.default([]) });
export type AssignmentCreateInput = z.input<typeof assignmentCreateSchema>;

/** POST /api/route-assignments/assign-students: the assignment's new set of children (replaces the old). */
export const assignStudentsSchema = z.object({ id: z.uuid('The assignment id is not valid'), studentIds });
export type AssignStudentsInput = z.input<typeof assignStudentsSchema>;

export interface AssignmentSummary {
  id: string;
  driver: { id: string; name: string; licenseNo: string; phone: string };
  vehicle: { id: string; licensePlate: string; capacity: number };
  route: { id: string; name: string };
  totalStudents: number;
  createdAt: string;
}

export interface AssignmentDetails {
  id: string;
  driver: Driver;
  vehicle: Vehicle;
  route: Route;
  students: Student[];
  createdAt: string;
}

export const TRIP_TYPES = ['PICKUP', 'DROP'] as const;
export type TripType = (typeof TRIP_TYPES)[number];
export const TRIP_STATUSES = ['PENDING', 'STARTED', 'COMPLETED', 'CANCELLED'] as const;
export type TripStatus = (typeof TRIP_STATUSES)[number];

/** Chip colours of spec section 4 (MUI palette names). */
export const TRIP_STATUS_COLORS = {
  PENDING: 'warning',
  STARTED: 'info',
  COMPLETED: 'success',
  CANCELLED: 'error',
} as const satisfies Record<TripStatus, string>;
export const TRIP_TYPE_COLORS = { PICKUP: 'info', DROP: 'success' } as const satisfies Record<
  TripType,
  string
>;

/** Status moves a trip may make; anything else answers 409. */
export const TRIP_MOVES = {
  start: { from: ['PENDING'], to: 'STARTED' },
  complete: { from: ['STARTED'], to: 'COMPLETED' },
  cancel: { from: ['PENDING', 'STARTED'], to: 'CANCELLED' },
} as const satisfies Record<string, { from: readonly TripStatus[]; to: TripStatus }>;
export type TripMove = keyof typeof TRIP_MOVES;

export const tripListQuerySchema = listQuerySchema.extend({
  status: z.enum(TRIP_STATUSES).optional(),
  type: z.enum(TRIP_TYPES).optional(),
  dateFrom: dateField('Date from').optional(),
  dateTo: dateField('Date to').optional(),
});
export type TripListQuery = z.infer<typeof tripListQuerySchema>;

export const generateTripsSchema = z.object({ date: dateField() });
export type GenerateTripsInput = z.input<typeof generateTripsSchema>;

export interface Trip {
  id: string;
  assignmentId: string | null;
  type: TripType;
  status: TripStatus;
  /** The day the trip runs, YYYY-MM-DD. */
  date: string;
  startedAt: string | null;
  completedAt: string | null;
  cancelledAt: string | null;
  /** Snapshot taken when the trip was generated, so history reads right after edits and deletes. */
  route: { name: string };
  driver: { name: string; licenseNo: string; phone: string };
  vehicle: { licensePlate: string };
  createdAt: string;
}

export interface TripEvent {
  status: TripStatus;
  at: string;
  by: string | null;
}

export interface TripDetails extends Trip {
  /** Children of the trip's assignment today; empty when the assignment was deleted. */
  students: Student[];
  history: TripEvent[];
}

export interface GenerateTripsAnswer {
  date: string;
  created: number;
  /** Trips of that day that already existed and were left as they were. */
  existing: number;
}

export interface DashboardSummary {
  counts: {
    drivers: number;
    parents: number;
    students: number;
    vehicles: number;
    routes: number;
    assignments: number;
  };
  unassignedStudents: number;
  seats: { used: number; inAssignedVehicles: number; fleet: number };
  /** Today's trips (server's date) by status. */
  todaysTrips: { date: string } & Record<TripStatus, number>;
}

export const ASSIGNMENT_MESSAGES = {
  fillRequired: 'Please fill all the required fields !',
  addOneStudent: 'Please add at least one student !',
  // The spec's 'No more available sits in the vehicle !' with 'sits' corrected (DESIGN.md).
  noSeats: 'No more available seats in the vehicle!',
} as const;
