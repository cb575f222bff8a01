import { z } from 'zod';
import { TRIP_TYPES } from './trips.js';
import { coordinate, optionalText, requiredText } from './fields.js';
import { profileImageField } from './profile-images.js';

/**
 * Stops and schedules: where children wait, and when each of a route's two runs reaches each stop. A run is a
 * trip type: the morning pickup run (PICKUP) and the afternoon drop run (DROP).
 */

export const RUNS = TRIP_TYPES;
export type Run = (typeof RUNS)[number];
/** How a sentence names a run: "route "North 1"'s morning run". */
export const RUN_NAMES: Record<Run, string> = { PICKUP: 'morning run', DROP: 'afternoon run' };

/**
 * A stop's note for drivers ("gate code 4411"): short enough to read at a glance in the calm driving view, long
 * enough for a gate code, where to wait and whom to ring (decision 058).
 */
export const STOP_NOTE_MAX = 500;
const stopNoteField = optionalText('Note', STOP_NOTE_MAX);

/** POST /api/stops, PUT /api/stops/{id}. */
export const stopInputSchema = z.object({
  name: requiredText('Stop name', 100),
  lat: coordinate('Latitude', 90),
  lng: coordinate('Longitude', 180),
  address: optionalText('Address', 300),
  note: stopNoteField,
});
export type StopInput = z.input<typeof stopInputSchema>;

/** PUT /api/driver/trips/{id}/stops/{stopId}/note: a driver of a running trip through the stop rewrites its note. */
export const stopNoteInputSchema = z.object({ note: stopNoteField });
export type StopNoteInput = z.input<typeof stopNoteInputSchema>;
/** Its answer: the note as it now is. */
export const stopNoteSchema = z.object({ stopId: z.string(), note: z.string().nullable() });
export type StopNote = z.infer<typeof stopNoteSchema>;
/** POST /api/driver/trips/{id}/stops/{stopId}/photo (multipart, the field `image`): the stop's photo as it now is. */
export const stopPhotoSchema = z.object({ stopId: z.string(), photoUrl: z.string() });
export type StopPhoto = z.infer<typeof stopPhotoSchema>;

export const stopSchema = z.object({
  id: z.string(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  address: z.string().nullable(),
  note: z.string().nullable(),
  /** The stop's photo (a signed, expiring path), null when none was uploaded. */
  profileImage: profileImageField,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Stop = z.infer<typeof stopSchema>;

/** A run's start, as the operator's wall clock reads it: HH:MM, 24 hours. */
export const clockTimeField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a time such as 07:30`);

/** One stop of a run, in order: reached `minutesAfterStart` minutes after the run starts. */
export const runStopInputSchema = z.object({
  stopId: z.uuid('Choose a stop'),
  minutesAfterStart: z
    .number({ error: 'Minutes after the start must be a number' })
    .int('Minutes after the start must be whole minutes')
    .min(0, 'Minutes after the start cannot be negative')
    .max(600, 'Minutes after the start must be at most 600'),
});

/**
 * PUT /api/routes/{id}/runs/{run}: the whole schedule of one run at once (order = array order). Times must not go
 * backwards along the run, and a stop appears once.
 */
export const runScheduleInputSchema = z
  .object({
    startTime: clockTimeField('Start time'),
    stops: z.array(runStopInputSchema).max(200, 'A run has at most 200 stops'),
  })
  .superRefine((run, ctx) => {
    const seen = new Set<string>();
    run.stops.forEach((stop, index) => {
      if (seen.has(stop.stopId))
        ctx.addIssue({ code: 'custom', path: ['stops', index, 'stopId'], message: 'A stop appears twice' });
      seen.add(stop.stopId);
      const before = run.stops[index - 1];
      if (before && stop.minutesAfterStart < before.minutesAfterStart)
        ctx.addIssue({
          code: 'custom',
          path: ['stops', index, 'minutesAfterStart'],
          message: 'A stop cannot be reached before the one before it',
        });
    });
  });
export type RunScheduleInput = z.input<typeof runScheduleInputSchema>;

/** A seated child tied to a stop of a run (null: waits at their own pickup point, no stop chosen). */
export const runRiderSchema = z.object({
  studentId: z.string(),
  name: z.string(),
  class: z.string(),
  stopId: z.string().nullable(),
});

export const runScheduleSchema = z.object({
  run: z.enum(RUNS),
  /** Null when the run has no schedule yet: the route still works as before, without times. */
  startTime: z.string().nullable(),
  stops: z.array(stopSchema.extend({ position: z.number().int(), minutesAfterStart: z.number().int() })),
  riders: z.array(runRiderSchema),
});
export type RunSchedule = z.infer<typeof runScheduleSchema>;

/** GET /api/routes/{id}/schedule: both runs. */
export const routeScheduleSchema = z.object({
  routeId: z.string(),
  runs: z.array(runScheduleSchema),
});
export type RouteSchedule = z.infer<typeof routeScheduleSchema>;

/** PUT /api/students/{id}/stops/{run}: which stop of the run the child waits at (null: none). */
export const riderStopInputSchema = z.object({ stopId: z.uuid('Choose a stop').nullable() });
export type RiderStopInput = z.input<typeof riderStopInputSchema>;
/** The answer of PUT /api/students/{id}/stops/{run}: the child's stop for that run, as it now is. */
export const riderStopSchema = z.object({
  studentId: z.string(),
  run: z.enum(RUNS),
  stopId: z.string().nullable(),
});
export type RiderStop = z.infer<typeof riderStopSchema>;

/** GET /api/stops/nearby?lat&lng&radius: stops to reuse within a walking radius, nearest first. */
export const nearbyStopsQuerySchema = z.object({
  lat: coordinate('Latitude', 90),
  lng: coordinate('Longitude', 180),
  radius: z.coerce
    .number({ error: 'Radius must be a number' })
    .int()
    .min(10, 'Radius must be at least 10 m')
    .max(5000, 'Radius must be at most 5000 m')
    .default(400),
});
export const nearbyStopSchema = stopSchema.extend({ distanceM: z.number() });
export type NearbyStop = z.infer<typeof nearbyStopSchema>;
