import { z } from 'zod';
import { absenceSchema, ABSENCE_RUNS } from './calendar.js';
import { dateField } from './fields.js';
import { liveTripChangedSchema, type LiveEventUse } from './live.js';
import { notificationPreferencesSchema } from './notifications.js';
import { RUNS } from './stops.js';
import { TRIP_STATUSES } from './trips.js';

/**
 * The parent portal (/parent): what a signed-in parent reads and writes, only ever about their own children. Every
 * route is `access: 'parent'`; an id of another family's child, trip or absence answers 404, as one that does not
 * exist, so ids are not confirmed.
 */

/** Where the portal's API lives (written once: the server's routes and the web app's calls use these). */
export const PARENT_PORTAL_PATHS = {
  children: '/parent/children',
  childAbsences: '/parent/children/:id/absences',
  childHistory: '/parent/children/:id/history',
  absence: '/parent/absences/:id',
  bus: '/parent/trips/:id/bus',
  settings: '/parent/settings',
  familyData: '/parent/family-data',
  profile: '/parent/profile',
} as const;

/**
 * The state of one child's run on a day, as a parent reads it:
 * - NOT_STARTED: the trip has not started (or there is no trip yet today);
 * - ON_THE_WAY: the trip runs and the child has not boarded yet (an ETA to their stop when one is known);
 * - BOARDED: on the bus (time and stop);
 * - LEFT: got off (time and place);
 * - ABSENT: marked not riding for this date and run (by the parent or the office);
 * - CANCELLED: the trip was cancelled (its reason);
 * - MISSED: the trip ran without the child boarding (finished, or the driver recorded a no-show).
 */
export const CHILD_RUN_STATES = [
  'NOT_STARTED',
  'ON_THE_WAY',
  'BOARDED',
  'LEFT',
  'ABSENT',
  'CANCELLED',
  'MISSED',
] as const;
export type ChildRunState = (typeof CHILD_RUN_STATES)[number];

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
  /** The absence that makes it ABSENT, for "undo" (only the parent's own, before the cut-off, can be removed). */
  absence: absenceSchema.nullable(),
  cancelReason: z.string().nullable(),
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
 * A parent sees the bus of a run their child is waiting for only once it has reached the stop this many stops
 * before the child's (from the start when the child's stop is among the first this many): from the trip's start it
 * would trace every earlier family's door. Once the child is on board it is shown until they leave.
 */
export const PARENT_BUS_STOPS_BEFORE = 3;

/** A position older than this is shown as stale with its age; older than PARENT_BUS_HIDDEN_AFTER_S, hidden. */
export const PARENT_BUS_STALE_AFTER_S = 15;
export const PARENT_BUS_HIDDEN_AFTER_S = 60;

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
export const PARENT_HISTORY_DAYS = 30;
export const childHistoryEntrySchema = z.object({
  date: z.string(),
  run: z.enum(RUNS),
  tripId: z.string(),
  routeName: z.string(),
  tripStatus: z.enum(TRIP_STATUSES),
  state: z.enum(CHILD_RUN_STATES),
  boarded: childMomentSchema.nullable(),
  left: childMomentSchema.nullable(),
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
      pickupLat: z.number(),
      pickupLng: z.number(),
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
