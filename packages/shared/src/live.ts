import { z } from 'zod';
import { tripStopSchema } from './ridership.js';
import { TRIP_STATUSES, TRIP_TYPES } from './trips.js';

/**
 * Live operations: what the office sees as the day happens. One event stream (GET /api/live, Server-Sent Events)
 * carries every kind below, each event with an increasing id; the board and alerts are also read whole over REST,
 * so a screen loads the state first and then follows the stream.
 */

/** The `event:` names on the stream. `ready` opens every stream; `reset` says "reload, you missed too much". */
export const LIVE_EVENT_TYPES = ['ridership', 'position', 'trip', 'stops', 'alert'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/**
 * How a client takes an event (LIVE_EVENTS says it of each type):
 * - 'apply': the payload is the new state of what it names (a bus's latest fix, an alert), patched into what the
 *   screen holds as it comes;
 * - 'refetch': the payload only names what changed (a trip); the screen reads it again over REST.
 * Each payload carries only what clients read: what the server knows besides stays on the server.
 */
export type LiveEventUse = 'apply' | 'refetch';

/**
 * A signal: this trip changed (a child boarded, left or did not show up; its status; its stop timeline), read it
 * again.
 */
export const liveTripChangedSchema = z.object({ tripId: z.string() });
export type LiveTripChanged = z.infer<typeof liveTripChangedSchema>;

/** The latest fix of a bus on a trip (one per trip per request, however many fixes the request carried). */
export const livePositionSchema = z.object({
  tripId: z.string(),
  lat: z.number(),
  lng: z.number(),
  accuracy: z.number().nullable(),
  recordedAt: z.string(),
});
export type LivePosition = z.infer<typeof livePositionSchema>;

/** What the server watches for, one alert per cause per trip. */
export const ALERT_KINDS = [
  'WRONG_BUS',
  'ABSENT_SCANNED',
  'NO_POSITION',
  'LATE',
  'NOT_STARTED',
  'FINISHED_WITH_CHILD',
  'CREDENTIAL_EXPIRING',
  'CREDENTIAL_EXPIRED',
  'VEHICLE_OUT_OF_SERVICE',
  'CHILD_CHECK_MISSING',
  'OFF_ROUTE',
  'MISSED_STOP',
  'NO_AUTHORIZED_ADULT',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  WRONG_BUS: 'Wrong bus',
  ABSENT_SCANNED: 'Absent child scanned',
  NO_POSITION: 'No position',
  LATE: 'Running late',
  NOT_STARTED: 'Not started',
  FINISHED_WITH_CHILD: 'Finished with a child on board',
  CREDENTIAL_EXPIRING: 'Credential expiring',
  CREDENTIAL_EXPIRED: 'Credential expired',
  VEHICLE_OUT_OF_SERVICE: 'Vehicle out of service',
  CHILD_CHECK_MISSING: 'Child check missing',
  OFF_ROUTE: 'Off route',
  MISSED_STOP: 'Missed stop',
  NO_AUTHORIZED_ADULT: 'No authorized adult',
};

export const alertSchema = z.object({
  id: z.string(),
  kind: z.enum(ALERT_KINDS),
  tripId: z.string().nullable(),
  routeName: z.string().nullable(),
  /** The child it is about, while that child's record exists (names are read, never copied into alerts). */
  studentId: z.string().nullable(),
  studentName: z.string().nullable(),
  message: z.string(),
  raisedAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  /** The name of who acknowledged it. */
  acknowledgedBy: z.string().nullable(),
});
export type Alert = z.infer<typeof alertSchema>;

/** What each event of the office's stream carries, and how a client takes it. */
export const LIVE_EVENTS = {
  ridership: { use: 'refetch', schema: liveTripChangedSchema },
  position: { use: 'apply', schema: livePositionSchema },
  trip: { use: 'refetch', schema: liveTripChangedSchema },
  stops: { use: 'refetch', schema: liveTripChangedSchema },
  alert: { use: 'apply', schema: alertSchema },
} as const satisfies Record<LiveEventType, { use: LiveEventUse; schema: z.ZodObject }>;
export type LivePayloads = { [type in LiveEventType]: z.infer<(typeof LIVE_EVENTS)[type]['schema']> };

/** A stream's table of events (LIVE_EVENTS, PARENT_LIVE_EVENTS) as the schema of each type, to parse what comes. */
export function schemasOf<Events extends Record<string, { schema: z.ZodObject }>>(
  events: Events,
): { [type in keyof Events]: Events[type]['schema'] } {
  return Object.fromEntries(Object.entries(events).map(([type, { schema }]) => [type, schema])) as {
    [type in keyof Events]: Events[type]['schema'];
  };
}

/** GET /api/alerts: open ones by default, or the day's acknowledged ones too. */
export const alertListQuerySchema = z.object({
  state: z.enum(['open', 'all']).default('open'),
});
export type AlertListQuery = z.input<typeof alertListQuerySchema>;

/** The last fix of a bus, with nothing about how old it is: the screen ages it against its own clock. */
export const lastFixSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  accuracy: z.number().nullable(),
  recordedAt: z.string(),
});
export type LastFix = z.infer<typeof lastFixSchema>;

/** One stop of a running trip: as planned, as it happened, and the estimate for the ones to come. */
export const liveStopSchema = tripStopSchema.omit({ stopId: true, note: true, photoUrl: true }).extend({
  /** Estimated arrival, for a stop not reached yet on a started trip. */
  eta: z.string().nullable(),
});
export type LiveStop = z.infer<typeof liveStopSchema>;

/** A trip of the day on the dispatcher's board and map. */
export const boardTripSchema = z.object({
  tripId: z.string(),
  type: z.enum(TRIP_TYPES),
  status: z.enum(TRIP_STATUSES),
  date: z.string(),
  routeId: z.string().nullable(),
  routeName: z.string(),
  driverName: z.string(),
  vehiclePlate: z.string(),
  vehicleId: z.string().nullable(),
  plannedStartAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  stopsDone: z.number().int(),
  stopsTotal: z.number().int(),
  onBoard: z.number().int(),
  /** Minutes behind the plan (negative: ahead), from the next stop's estimate or the last stop reached. */
  lateMinutes: z.number().nullable(),
  nextStop: liveStopSchema.nullable(),
  lastFix: lastFixSchema.nullable(),
  openAlerts: z.number().int(),
  /** Who was planned, when a cover put another driver or vehicle on the trip (decision 054); null as planned. */
  planned: z.object({ driverName: z.string(), vehiclePlate: z.string() }).nullable(),
  /** The office marked the run about this many minutes late (decision 056); null when it did not. */
  delayMinutes: z.number().int().nullable(),
  /**
   * A breakdown's handover (decision 056): on a rescue trip, the plate of the bus it took the children from; on the
   * original, the rescue's plate. Null on a trip that is neither.
   */
  handover: z
    .object({ role: z.enum(['RESCUE', 'HANDED_OVER']), otherTripId: z.string(), otherPlate: z.string() })
    .nullable(),
  /**
   * Combined runs (decision 061): on a host trip, the routes whose runs ride with it today; on a joined trip, the
   * host's route. Empty and null on a trip that is neither.
   */
  carries: z.array(z.string()),
  ridesWith: z.string().nullable(),
});
export type BoardTrip = z.infer<typeof boardTripSchema>;

/** What changed a day's plan (decision 060). */
export const DAY_CHANGE_KINDS = [
  'COVER_MADE',
  'COVER_UNDONE',
  'CANCELLED',
  'DELAYED',
  'DELAY_CLEARED',
  'RESCUED',
  'COMBINED',
  'COMBINE_UNDONE',
] as const;
export type DayChangeKind = (typeof DAY_CHANGE_KINDS)[number];

/** GET /api/live/changes: one change of a day's plan, who made it and when. */
export const dayChangeSchema = z.object({
  id: z.string(),
  kind: z.enum(DAY_CHANGE_KINDS),
  at: z.string(),
  /** The e-mail of who made it; null once their account is gone. */
  by: z.string().nullable(),
  /** What changed, in words: the routes and runs, and the substitutes of a cover or a rescue. */
  summary: z.string(),
  reason: z.string().nullable(),
  tripIds: z.array(z.string()),
});
export type DayChange = z.infer<typeof dayChangeSchema>;

/** GET /api/live/trips/:id: a trip of the board with its whole stop timeline and estimates. */
export const liveTripDetailsSchema = z.object({
  trip: boardTripSchema,
  stops: z.array(liveStopSchema),
});
export type LiveTripDetails = z.infer<typeof liveTripDetailsSchema>;
