import { z } from 'zod';
import { driverFieldTripSchema } from './field-trips.js';
import { isStorable, nfcTagField, requiredText } from './fields.js';
import { authorizedAdultSchema, handOverMissSchema, NO_ADULT_RULES, receivedBySchema } from './hand-over.js';
import { TRIP_STATUSES, TRIP_TYPES } from './trips.js';

/**
 * What happens on the bus: the driver app's events (a child boards, leaves or did not show up) and the bus's
 * positions. Paths and shapes are fixed by the issue so that other clients can be written against them:
 * POST /api/driver/events, POST /api/driver/positions, and /api/osmand for trackers.
 */

export const RIDERSHIP_KINDS = ['BOARD', 'ALIGHT', 'NO_SHOW'] as const;
export type RidershipKind = (typeof RIDERSHIP_KINDS)[number];
export const SCAN_METHODS = ['NFC', 'QR', 'READER', 'TAP'] as const;
export type ScanMethod = (typeof SCAN_METHODS)[number];
/** Why an event needs the office's eye. */
export const RIDERSHIP_FLAGS = ['WRONG_BUS', 'UNKNOWN_TAG'] as const;
export type RidershipFlag = (typeof RIDERSHIP_FLAGS)[number];

const occurredAtField = z.iso.datetime({ offset: true, error: 'occurredAt must be an ISO date-time' });
const latField = z.number().min(-90).max(90);
const lngField = z.number().min(-180).max(180);
const accuracyField = z.number().min(0).max(100_000);

/** One scan or tap, made on the device with its own id: the server stores each id once. */
export const ridershipEventInputSchema = z
  .object({
    eventId: z.uuid('eventId must be a UUID'),
    tripId: z.uuid('tripId must be a UUID'),
    kind: z.enum(RIDERSHIP_KINDS),
    studentId: z.uuid('studentId must be a UUID').optional(),
    tagId: nfcTagField.optional(),
    method: z.enum(SCAN_METHODS),
    occurredAt: occurredAtField,
    lat: latField.optional(),
    lng: lngField.optional(),
    accuracy: accuracyField.optional(),
    /**
     * On an ALIGHT of a child who needs hand-over: the authorized adult of that child who received them (decision
     * 065). The server refuses such an ALIGHT without one.
     */
    receivedBy: z.uuid('receivedBy must be a UUID').optional(),
  })
  .refine((event) => Boolean(event.studentId) !== Boolean(event.tagId), {
    message: 'Give either studentId or tagId',
    path: ['studentId'],
  });
export type RidershipEventInput = z.input<typeof ridershipEventInputSchema>;

export const ridershipBatchSchema = z.object({
  events: z.array(ridershipEventInputSchema).min(1, 'Send at least one event').max(500, 'At most 500 events'),
});
export type RidershipBatch = z.input<typeof ridershipBatchSchema>;

/** What the server made of each event: the app shows "wrong bus" or "unknown tag" from this. */
export const ridershipOutcomeSchema = z.object({
  eventId: z.string(),
  duplicate: z.boolean(),
  studentId: z.string().nullable(),
  studentName: z.string().nullable(),
  flag: z.enum(RIDERSHIP_FLAGS).nullable(),
});
export const ridershipBatchAnswerSchema = z.object({
  created: z.number().int(),
  duplicates: z.number().int(),
  outcomes: z.array(ridershipOutcomeSchema),
});
export type RidershipBatchAnswer = z.infer<typeof ridershipBatchAnswerSchema>;

/** One position fix of a running trip's bus, from the driver app: also an event with its own id. */
export const positionInputSchema = z.object({
  positionId: z.uuid('positionId must be a UUID'),
  tripId: z.uuid('tripId must be a UUID'),
  lat: latField,
  lng: lngField,
  accuracy: accuracyField.optional(),
  speed: z.number().min(0).max(100).optional(),
  heading: z.number().min(0).max(360).optional(),
  recordedAt: occurredAtField,
});
export type PositionInput = z.input<typeof positionInputSchema>;

export const positionBatchSchema = z.object({
  positions: z
    .array(positionInputSchema)
    .min(1, 'Send at least one position')
    .max(500, 'At most 500 positions'),
});
export const positionBatchAnswerSchema = z.object({
  created: z.number().int(),
  duplicates: z.number().int(),
  /** Fixes less accurate than MAX_POSITION_ACCURACY_M: accepted (the device need not send them again), not kept. */
  dropped: z.number().int(),
});
/** A fix whose accuracy radius is larger than this (metres) says too little about where the bus is. */
export const MAX_POSITION_ACCURACY_M = 100;
export type PositionBatchAnswer = z.infer<typeof positionBatchAnswerSchema>;

/** A stop of one trip, copied from the route when the trip was generated, with what happened there. */
export const tripStopSchema = z.object({
  position: z.number().int(),
  stopId: z.string().nullable(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  plannedAt: z.string().nullable(),
  arrivedAt: z.string().nullable(),
  departedAt: z.string().nullable(),
  /**
   * The stop's note and photo (a signed link), as they are now: in the live manifest of the trip's driver and the
   * office; null in a finished trip's record and once the stop is deleted (decision 058).
   */
  note: z.string().nullable(),
  photoUrl: z.string().nullable(),
});
export type TripStop = z.infer<typeof tripStopSchema>;

/** A recorded scan as the office and the driver see it. */
export const ridershipEventSchema = z.object({
  eventId: z.string(),
  kind: z.enum(RIDERSHIP_KINDS),
  method: z.enum(SCAN_METHODS),
  studentId: z.string().nullable(),
  studentName: z.string().nullable(),
  tagId: z.string().nullable(),
  occurredAt: z.string(),
  receivedAt: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  flag: z.enum(RIDERSHIP_FLAGS).nullable(),
  /** Who received the child at drop-off, for a child handed over (decision 065). */
  receivedBy: receivedBySchema.nullable(),
});
export type RidershipEvent = z.infer<typeof ridershipEventSchema>;

/** Where a child is on this trip, derived from the events in the order they happened. */
export const RIDER_STATES = ['WAITING', 'ON_BUS', 'LEFT', 'NO_SHOW', 'ABSENT'] as const;
export type RiderState = (typeof RIDER_STATES)[number];

export const manifestRiderSchema = z.object({
  studentId: z.string(),
  name: z.string(),
  class: z.string(),
  photoUrl: z.string().nullable(),
  nfcTagId: z.string().nullable(),
  /** Position of the trip stop the child waits at (or leaves at), null when none was chosen. */
  stopPosition: z.number().int().nullable(),
  state: z.enum(RIDER_STATES),
  absent: z.boolean(),
  /**
   * For a child who must be handed to an authorized adult at drop-off (decision 065): the adults the driver
   * chooses from; null for any other child, and in a finished trip's record.
   */
  handOver: z.object({ adults: z.array(authorizedAdultSchema) }).nullable(),
  /** No authorized adult was at the stop and the child is still on the bus under the operator's rule. */
  handOverMiss: handOverMissSchema.nullable(),
  /**
   * The office's note for this child on the trip's date, made from a guardian's message (decision 067): only in the
   * live manifest of a trip of that date; a trip's record carries none.
   */
  officeNote: z.string().nullable(),
});
export type ManifestRider = z.infer<typeof manifestRiderSchema>;

/** GET /api/driver/trips/{id} and, for the office, part of the trip details: the trip as it runs. */
export const manifestSchema = z.object({
  tripId: z.string(),
  type: z.enum(TRIP_TYPES),
  status: z.enum(TRIP_STATUSES),
  date: z.string(),
  routeName: z.string(),
  vehiclePlate: z.string(),
  plannedStartAt: z.string().nullable(),
  stops: z.array(tripStopSchema),
  riders: z.array(manifestRiderSchema),
  events: z.array(ridershipEventSchema),
  finishReason: z.string().nullable(),
  /** What the driver does with a child who must be handed over when no authorized adult is at the stop. */
  noAdultRule: z.enum(NO_ADULT_RULES),
  /**
   * Only on a field trip's bus (decisions 073 and 078): where and when, and the group. `children` says how many are
   * attached: with some, they are the riders and are scanned; with none, the group is a count.
   */
  fieldTrip: driverFieldTripSchema.omit({ tripId: true, destinationAddress: true }).optional(),
});
export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestFieldTrip = NonNullable<Manifest['fieldTrip']>;

/** POST /api/driver/trips/{id}/finish: a reason is required only while a child who boarded has not left. */
export const finishTripInputSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(500, 'The reason must be at most 500 characters')
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type FinishTripInput = z.input<typeof finishTripInputSchema>;

/** A GPS tracker (OsmAnd protocol, e.g. the Traccar Client app) tied to a vehicle. */
export const trackerDeviceInputSchema = z.object({
  deviceId: z
    .string({ error: 'Device id is required' })
    .trim()
    .regex(
      /^[A-Za-z0-9._-]{3,64}$/,
      'Device id must be 3 to 64 letters, digits, dots, dashes or underscores',
    ),
  vehicleId: z.uuid('Choose a vehicle'),
});
export type TrackerDeviceInput = z.input<typeof trackerDeviceInputSchema>;
export const trackerDeviceSchema = z.object({
  id: z.string(),
  deviceId: z.string(),
  vehicleId: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
});
export type TrackerDevice = z.infer<typeof trackerDeviceSchema>;
/** Answer of creating a device: the secret is shown once, only its hash is kept. */
export const createdTrackerDeviceSchema = trackerDeviceSchema.extend({ secret: z.string() });

/** GET /api/trackers/get-all: every tracker, or those of one vehicle. */
export const trackerListQuerySchema = z.object({
  vehicleId: z.uuid('The vehicle id is not valid').optional(),
});
export type TrackerListQuery = z.input<typeof trackerListQuerySchema>;

/** Seconds since 1970 (what OsmAnd and Traccar Client send), milliseconds, or an ISO date-time. */
const osmandTimestampField = z.union([z.number(), z.string().trim().min(1)]).transform((value, context) => {
  const numeric = typeof value === 'number' ? value : /^\d+(\.\d+)?$/.test(value) ? Number(value) : null;
  // Below 2^31 it can only be seconds (as Traccar reads it); above, milliseconds.
  const at = new Date(numeric === null ? value : numeric < 2 ** 31 ? numeric * 1000 : numeric);
  const year = at.getUTCFullYear();
  if (Number.isNaN(at.getTime()) || year < 2000 || year > 2099) {
    context.addIssue({ code: 'custom', message: 'timestamp must be unix seconds or an ISO date-time' });
    return z.NEVER;
  }
  return at;
});
const osmandNumber = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);

/**
 * /api/osmand (GET, or POST with a form body): a fix in the OsmAnd protocol, as Traccar Client and many hardware
 * trackers send it. `key` is the device's secret (put it in the server URL, `…/api/osmand?key=…`); speed is in
 * knots, bearing in degrees, accuracy in metres. Other parameters trackers add (altitude, batt…) are ignored.
 */
export const osmandQuerySchema = z.object({
  // A NUL or a lone surrogate would reach PostgreSQL's text comparison and fail there as a 500: refused here.
  id: requiredText('id', 64),
  key: z
    .string({ error: 'key is required' })
    .min(1, 'key is required')
    .max(200)
    .refine(isStorable, 'key contains characters that cannot be stored'),
  lat: osmandNumber('lat', -90, 90),
  lon: osmandNumber('lon', -180, 180),
  timestamp: osmandTimestampField.optional(),
  speed: osmandNumber('speed', 0, 1000).optional(),
  bearing: osmandNumber('bearing', 0, 360).optional(),
  accuracy: osmandNumber('accuracy', 0, 100_000).optional(),
});
export type OsmandQuery = z.input<typeof osmandQuerySchema>;

/** GET /api/driver/today: one of the signed-in driver's trips of the day, in the order they run. */
export const driverTripSchema = z.object({
  id: z.string(),
  type: z.enum(TRIP_TYPES),
  status: z.enum(TRIP_STATUSES),
  date: z.string(),
  plannedStartAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  routeName: z.string(),
  vehiclePlate: z.string(),
  stopCount: z.number().int(),
  /** Children seated in the trip's assignment, absent ones included. */
  riderCount: z.number().int(),
  /** A field trip's bus (decision 073): riderCount is its group's pupils; details at /api/field-trips/driver/:id. */
  fieldTripId: z.string().nullable().optional(),
});
export type DriverTrip = z.infer<typeof driverTripSchema>;
