/*
 * A trip's types and statuses, their chips' colours and the moves between statuses, apart from trips.ts and its
 * schemas: the driver's Today screen shows a trip's status, and a module with top-level zod calls would bring zod
 * along.
 */

export const TRIP_TYPES = ['PICKUP', 'DROP'] as const;
export type TripType = (typeof TRIP_TYPES)[number];
export const TRIP_STATUSES = ['PENDING', 'STARTED', 'COMPLETED', 'CANCELLED'] as const;
export type TripStatus = (typeof TRIP_STATUSES)[number];

/** The colour of each status's chip, as MUI palette names. */
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
