import { z } from 'zod';
import { handOverMissSchema, receivedBySchema } from './hand-over.js';
import { absenceSchema, ABSENCE_RUNS } from './calendar.js';
import { dateField } from './fields.js';
import { liveTripChangedSchema, type LiveEventUse } from './live.js';
import { notificationPreferencesSchema } from './notifications.js';
import { RUNS } from './stops.js';
import { TRIP_STATUSES } from './trips.js';
import { CHILD_RUN_STATES } from './parent-portal-constants.js';

export * from './parent-portal-constants.js';

/**
 * The parent portal (/parent): what a signed-in parent reads and writes, only ever about their own children. Every
 * route is `access: 'parent'`; an id of another family's child, trip or absence answers 404, as one that does not
 * exist, so ids are not confirmed.
 */

/** The child's own stop on a run: never the other stops of the route. */
export const childStopSchema = z.object({
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type ChildStop = z.infer<typeof childStopSchema>;

/** Where and when something happened on the bus (a stop's name, or null when it was away from every stop). */
export const childMomentSchema = z.object({
  at: z.string(),
  stopName: z.string().nullable(),
  /** On leaving a drop-off run: the authorized adult who received the child (decision 065). */
  receivedBy: receivedBySchema.nullable(),
});
export type ChildMoment = z.infer<typeof childMomentSchema>;

/** One run (morning or afternoon) of one child on one date. */
export const childRunSchema = z.object({
  run: z.enum(RUNS),
  /** Null when no trip exists for it (no seat on a route, not a school day, not generated yet). */
  tripId: z.string().nullable(),
  tripStatus: z.enum(TRIP_STATUSES).nullable(),
  routeName: z.string().nullable(),
  state: z.enum(CHILD_RUN_STATES),
  stop: childStopSchema.nullable(),
  /** Planned time at the child's stop, 'HH:MM' in the operator's time zone. */
  plannedTime: z.string().nullable(),
  /** Expected arrival at the child's stop (ISO), while ON_THE_WAY and known. */
  eta: z.string().nullable(),
  boarded: childMomentSchema.nullable(),
  left: childMomentSchema.nullable(),
  /** No authorized adult was at the stop: where the child is now, under the operator's rule (decision 065). */
  handOverMiss: handOverMissSchema.nullable(),
  /** The absence that makes it ABSENT, for "undo" (only the parent's own, before the cut-off, can be removed). */
  absence: absenceSchema.nullable(),
  cancelReason: z.string().nullable(),
  /**
   * Who is coming: the trip's driver and bus plate as they are now, and whether either is a substitute for the
   * day (a cover, decision 054). Null without a trip, or when it is cancelled.
   */
  coming: z
    .object({
      driverName: z.string(),
      vehiclePlate: z.string(),
      substituteDriver: z.boolean(),
      substituteVehicle: z.boolean(),
    })
    .nullable(),
  /** The office marked the run late (decision 056): about how many minutes, and why. */
  delay: z.object({ minutes: z.number().int(), reason: z.string() }).nullable(),
  /**
   * The run's bus broke down and a rescue vehicle carries on (decision 056): its plate, and the reason given. The
   * trip above is then the rescue trip.
   */
  rescue: z.object({ vehiclePlate: z.string(), reason: z.string() }).nullable(),
  /** True while a started trip carries the child: only then may the parent see the bus (GET …/trips/:id/bus). */
  busVisible: z.boolean(),
});
export type ChildRun = z.infer<typeof childRunSchema>;

/** GET /api/parent/children?date=YYYY-MM-DD (today by default): each of the parent's children and their runs. */
export const parentChildrenQuerySchema = z.object({ date: dateField('Date').optional() });
export const parentChildSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** A signed image URL, as the back-office's student answers carry. */
  profileImage: z.string().nullable(),
  date: z.string(),
  runs: z.array(childRunSchema),
});
export type ParentChild = z.infer<typeof parentChildSchema>;

/**
 * GET /api/parent/trips/{id}/bus: the bus's last position, only while that started trip carries one of the
 * parent's children (morning: until the child has left at school; afternoon: until the child has left at their
 * stop). Never the path, speed, heading or anything of other children. `bus` is null when it may not be shown
 * now, with `reason` saying why in words a parent understands; 404 for a trip that never carries their child.
 */
export const parentBusSchema = z.object({
  tripId: z.string(),
  lat: z.number(),
  lng: z.number(),
  accuracy: z.number().nullable(),
  recordedAt: z.string(),
});
export type ParentBus = z.infer<typeof parentBusSchema>;
export const parentBusAnswerSchema = z.object({
  bus: parentBusSchema.nullable(),
  reason: z.string().nullable(),
});
export type ParentBusAnswer = z.infer<typeof parentBusAnswerSchema>;

/**
 * POST /api/parent/children/{id}/absences: "not riding" for a date and run, up to the cut-off (a setting: minutes
 * before the planned time at the child's stop). After it, 409 with the office's phone number in the message.
 * DELETE /api/parent/absences/{id}: the parent's own absence, also only before the cut-off.
 * GET /api/parent/children/{id}/absences: upcoming ones and those of the last ABSENCES_PAST_DAYS days.
 */
export const parentAbsenceInputSchema = z.object({
  date: dateField('Date'),
  run: z.enum(ABSENCE_RUNS, { error: 'Choose morning, afternoon or both' }),
});
export type ParentAbsenceInput = z.input<typeof parentAbsenceInputSchema>;

/** GET /api/parent/settings: what the portal tells a parent in advance. */
export const parentPortalSettingsSchema = z.object({
  /** Absences can be entered until this many minutes before the planned time at the child's stop. */
  absenceCutoffMinutes: z.number().int(),
  /** The operator's phone, for what can no longer be done online. Null when the operator has not set one. */
  officePhone: z.string().nullable(),
});
export type ParentPortalSettings = z.infer<typeof parentPortalSettingsSchema>;

/** GET /api/parent/children/{id}/history: the child's runs of the last PARENT_HISTORY_DAYS days, newest first. */
export const childHistoryEntrySchema = z.object({
  date: z.string(),
  run: z.enum(RUNS),
  tripId: z.string(),
  routeName: z.string(),
  tripStatus: z.enum(TRIP_STATUSES),
  state: z.enum(CHILD_RUN_STATES),
  boarded: childMomentSchema.nullable(),
  left: childMomentSchema.nullable(),
  handOverMiss: handOverMissSchema.nullable(),
});
export type ChildHistoryEntry = z.infer<typeof childHistoryEntrySchema>;

/**
 * The live stream (GET /api/live) for a parent carries only:
 * - `ridership` signals of their own children's events (refetch: the trip they are on changed);
 * - `trip` signals of status changes of trips that carry one of their children (refetch);
 * - `bus` events: ParentBus, for a trip while it carries one of their children (the same rule as the bus route),
 *   in place of the office's `position` events, which they never receive (apply).
 */
export const PARENT_LIVE_EVENTS = {
  ridership: { use: 'refetch', schema: liveTripChangedSchema },
  trip: { use: 'refetch', schema: liveTripChangedSchema },
  bus: { use: 'apply', schema: parentBusSchema },
} as const satisfies Record<string, { use: LiveEventUse; schema: z.ZodObject }>;
export type ParentLiveEventType = keyof typeof PARENT_LIVE_EVENTS;
export type ParentLivePayloads = {
  [type in ParentLiveEventType]: z.infer<(typeof PARENT_LIVE_EVENTS)[type]['schema']>;
};

/**
 * GET /api/parent/family-data: everything the product keeps about the signed-in parent's family, as a JSON
 * download. Pictures are said to exist, not sent; push subscriptions by their push service's host only (their
 * keys and full addresses are the browser's secrets, not the family's data).
 */
export const parentFamilyDataSchema = z.object({
  exportedAt: z.string(),
  parent: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    alternativePhone: z.string(),
    address: z.string(),
    city: z.string().nullable(),
    state: z.string(),
    pinCode: z.string(),
    hasProfileImage: z.boolean(),
    createdAt: z.string(),
  }),
  children: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      class: z.string(),
      rollNo: z.string(),
      nfcTagId: z.string().nullable(),
      pickupLat: z.number().nullable(),
      pickupLng: z.number().nullable(),
      pickupAddress: z.string().nullable(),
      hasProfileImage: z.boolean(),
      createdAt: z.string(),
    }),
  ),
  absences: z.array(
    z.object({
      studentId: z.string(),
      date: z.string(),
      run: z.enum(RUNS),
      reason: z.string().nullable(),
      by: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  ridershipEvents: z.array(
    z.object({
      studentId: z.string(),
      tripId: z.string(),
      kind: z.string(),
      method: z.string(),
      occurredAt: z.string(),
      lat: z.number().nullable(),
      lng: z.number().nullable(),
    }),
  ),
  /** The parent's choices, or null when they never chose (the defaults apply). */
  notificationPreferences: notificationPreferencesSchema.nullable(),
  pushSubscriptions: z.array(
    z.object({ endpointHost: z.string(), label: z.string().nullable(), createdAt: z.string() }),
  ),
});
export type ParentFamilyData = z.infer<typeof parentFamilyDataSchema>;
