import { z } from 'zod';
import { TRIP_STATUSES, TRIP_TYPES } from './trip-statuses.js';

/**
 * School staff's own view (/api/school/*, decision 069): the schools a school-staff user is linked to, their
 * children, and their runs of today with each run's status. The server scopes every answer to the user's schools:
 * another school's child or run is "not found".
 */
export const SCHOOL_STAFF_PATHS = {
  schools: '/school/schools',
  children: '/school/schools/:id/children',
  today: '/school/schools/:id/today',
  child: '/school/children/:id',
  run: '/school/runs/:id',
} as const;

export const staffSchoolSchema = z.object({
  id: z.string(),
  name: z.string(),
  bellTime: z.string(),
  dismissalTime: z.string(),
});
export type StaffSchool = z.infer<typeof staffSchoolSchema>;

export const schoolChildSchema = z.object({
  id: z.string(),
  name: z.string(),
  class: z.string(),
  rollNo: z.string(),
});
export type SchoolChild = z.infer<typeof schoolChildSchema>;

/** A run of today that carries children of the school, as it stands. */
export const schoolRunSchema = z.object({
  id: z.string(),
  tripDate: z.string(),
  type: z.enum(TRIP_TYPES),
  status: z.enum(TRIP_STATUSES),
  routeName: z.string(),
  vehiclePlate: z.string(),
  plannedStartAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  delayMinutes: z.number().nullable(),
  /** How many of the school's children it carries. */
  children: z.number(),
});
export type SchoolRun = z.infer<typeof schoolRunSchema>;

export const schoolRunDetailSchema = schoolRunSchema.extend({ riders: z.array(schoolChildSchema) });
export type SchoolRunDetail = z.infer<typeof schoolRunDetailSchema>;

export const schoolChildDetailSchema = schoolChildSchema.extend({ runsToday: z.array(schoolRunSchema) });
export type SchoolChildDetail = z.infer<typeof schoolChildDetailSchema>;
