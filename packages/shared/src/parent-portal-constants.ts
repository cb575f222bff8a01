/*
 * The parent portal's addresses, its children's run states and its limits, apart from parent-portal.ts and its
 * schemas: the parent app's first screen reads them, and a module with top-level zod calls would bring zod along.
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
  /** The office's messages to this guardian (decision 066), and marking one read. */
  messages: '/parent/messages',
  messageRead: '/parent/messages/:id/read',
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

/**
 * A parent sees the bus of a run their child is waiting for only once it has reached the stop this many stops
 * before the child's (from the start when the child's stop is among the first this many): from the trip's start it
 * would trace every earlier family's door. Once the child is on board it is shown until they leave.
 */
export const PARENT_BUS_STOPS_BEFORE = 3;

/** A position older than this is shown as stale with its age; older than PARENT_BUS_HIDDEN_AFTER_S, hidden. */
export const PARENT_BUS_STALE_AFTER_S = 15;
export const PARENT_BUS_HIDDEN_AFTER_S = 60;

/** GET /api/parent/children/{id}/history covers this many days, newest first. */
export const PARENT_HISTORY_DAYS = 30;

/** Plan changes' addresses (decision 068), here without zod: the parent's first screen calls them. */
export const PLAN_CHANGE_PATHS = {
  parentList: '/parent/plan-changes',
  parentAcknowledge: '/parent/plan-changes/:id/acknowledge',
  officeList: '/plan-changes',
  officeRemind: '/plan-changes/remind',
} as const;
