import type { ChildRunState } from './parent-portal-constants.js';
import type { RiderState, RidershipKind } from './ridership.js';
import type { TripStatus } from './trip-statuses.js';

/**
 * The one rule that turns a child's events on a trip into their state, for the server (the driver's manifest, the
 * office's trip details, finishing a trip, the parent portal and its stream) and the driver app (the events it
 * holds before the server has them) alike.
 */

/** What the rule reads of an event; who it is about is the caller's to say (see riderStates' `childOf`). */
export interface RiderEventFacts {
  eventId: string;
  kind: RidershipKind;
  /** A Date as the database returns it, or ISO text as the contract carries it. */
  occurredAt: Date | string;
}

/** A child expected on the trip (seated on it), and whether they are marked not riding for its date and run. */
export interface ExpectedRider {
  studentId: string;
  absent: boolean;
}

const STATE_AFTER: Record<RidershipKind, RiderState> = {
  BOARD: 'ON_BUS',
  ALIGHT: 'LEFT',
  NO_SHOW: 'NO_SHOW',
};

const timeOf = (value: Date | string) => (value instanceof Date ? value.getTime() : Date.parse(value));

/**
 * Events in the order they HAPPENED, not the order they reached the server: a phone that was offline sends its
 * morning scans after later ones from another phone, and the answer must not depend on that. Equal times go by
 * event id, in lower case as PostgreSQL orders UUIDs (devices may write either case), so every replay and every
 * device agrees.
 */
export function byOccurrence(a: RiderEventFacts, b: RiderEventFacts): number {
  const time = timeOf(a.occurredAt) - timeOf(b.occurredAt);
  if (time !== 0) return time;
  const [idA, idB] = [a.eventId.toLowerCase(), b.eventId.toLowerCase()];
  return idA < idB ? -1 : idA > idB ? 1 : 0;
}

/**
 * Each child's state on a trip. The last event that happened decides (byOccurrence), which also makes a NO_SHOW
 * followed by a BOARD (the child ran up late) ON_BUS, and BOARD-ALIGHT-BOARD ON_BUS again. A child expected on the
 * trip with no event is WAITING, or ABSENT when marked not riding; an absent child who boards anyway is ON_BUS:
 * what happened on the bus wins over what the office expected. Children with events who were not expected (another
 * bus's child scanned here) are in the answer too, as the bus carries them. An event `childOf` gives no one (an
 * unknown tag) changes nobody's state.
 */
export function riderStates<Event extends RiderEventFacts>(
  events: readonly Event[],
  {
    expected = [],
    childOf,
  }: {
    expected?: readonly ExpectedRider[];
    /** Who an event is about, null for nobody. */
    childOf: (event: Event) => string | null;
  },
): Map<string, RiderState> {
  const states = new Map<string, RiderState>(
    expected.map((rider) => [rider.studentId, rider.absent ? 'ABSENT' : 'WAITING']),
  );
  for (const event of [...events].sort(byOccurrence)) {
    const child = childOf(event);
    if (child !== null) states.set(child, STATE_AFTER[event.kind]);
  }
  return states;
}

/** Who an event is about when the event names the child itself, as the server's stored events do. */
export const studentOfEvent = (event: { studentId: string | null }) => event.studentId;

/** One child's state on a trip, from the trip's events (or only theirs). */
export function riderStateOf(
  events: readonly (RiderEventFacts & { studentId: string | null })[],
  rider: ExpectedRider,
): RiderState {
  return riderStates(events, { expected: [rider], childOf: studentOfEvent }).get(rider.studentId)!;
}

/** How many of the children are on the bus now. */
export function countBoarded(states: ReadonlyMap<string, RiderState>): number {
  let count = 0;
  for (const state of states.values()) if (state === 'ON_BUS') count += 1;
  return count;
}

/**
 * A child's state on one run as a parent reads it (CHILD_RUN_STATES): a cancelled trip says so whatever happened;
 * otherwise what happened on the bus, then the absence; a child still waiting is waiting for a bus on its way, a
 * bus that has not set out, or one that finished without them.
 */
export function childRunState(tripStatus: TripStatus | null, state: RiderState): ChildRunState {
  if (tripStatus === 'CANCELLED') return 'CANCELLED';
  switch (state) {
    case 'ON_BUS':
      return 'BOARDED';
    case 'LEFT':
      return 'LEFT';
    case 'NO_SHOW':
      return 'MISSED';
    case 'ABSENT':
      return 'ABSENT';
    case 'WAITING':
      return tripStatus === 'STARTED' ? 'ON_THE_WAY' : tripStatus === 'COMPLETED' ? 'MISSED' : 'NOT_STARTED';
  }
}
