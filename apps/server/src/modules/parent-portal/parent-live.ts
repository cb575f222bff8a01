import type { LivePosition, LiveRidership, LiveTrip, ParentBus, TripStatus } from '@school-transport/shared';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { addDays, zonedDate } from '../../lib/zoned-time.js';
import type { LiveEvent } from '../live/live-hub.js';
import type { StreamScope } from '../live/live-service.js';
import { deriveRiderStates, type RiderEvent } from '../ridership/rider-states.js';
import {
  absencesOfChildren,
  childrenOf,
  eventsOfChildrenOn,
  parentOfUser,
  seatsOf,
  tripById,
  tripsCarrying,
  type PortalTripRow,
} from './parent-portal-queries.js';
import { busVisibleFor, childRunState } from './parent-portal-service.js';

/**
 * A parent's live stream, filtered on the server (the contract's PARENT_LIVE_EVENT_TYPES): `ridership` events of
 * their own children, `trip` events of trips carrying one of them, and, in place of the office's `position` events,
 * `bus` events (ParentBus: no vehicle, speed or heading) only while the trip carries their child, by the same
 * rule as GET /api/parent/trips/:id/bus (busVisibleFor). Nothing else is ever written to the stream.
 *
 * Cheap per event: what the parent owns (children and their seats, the trips of yesterday to tomorrow carrying
 * them, their events and absences on those) is read once when the stream opens, then kept up to date from the
 * events themselves. A trip the scope does not know is read once, when a status event or their child's ridership
 * brings it, and kept if it is of the family's assignments (made after the stream opened, another day) or their
 * child rode it. A child moved to another bus while the stream is open is followed from the next stream.
 */

interface KnownTrip {
  status: TripStatus;
  /** The family's children it carries. */
  children: Set<string>;
  /** Per child, their events on it (ids kept once), for the state the bus rule needs. */
  events: Map<string, RiderEvent[]>;
  absent: Set<string>;
}

interface FamilyState {
  children: Set<string>;
  /** The family's children seated in each assignment. */
  seated: Map<string, Set<string>>;
  trips: Map<string, KnownTrip>;
}

export interface ParentLiveDeps {
  db: Database;
  clock: Clock;
  timeZone: string;
}

/** A `bus` frame: the stream's event id, and the position without what a parent may not see. */
function busFrame(id: number, position: LivePosition): string {
  const bus: ParentBus = {
    tripId: position.tripId,
    lat: position.lat,
    lng: position.lng,
    accuracy: position.accuracy,
    recordedAt: position.recordedAt,
  };
  return `id: ${id}\nevent: bus\ndata: ${JSON.stringify(bus)}\n\n`;
}

/** A frame decided late, written without its id: a browser's Last-Event-ID must never go back. */
const withoutId = (frame: string) => frame.replace(/^id: \d+\n/, '');

/** How many trips the process-wide look-up remembers before it starts afresh (a few days of an operator's trips). */
const REMEMBERED_TRIPS = 20_000;

export function createParentLiveScopes({ db, clock, timeZone }: ParentLiveDeps) {
  /**
   * Which assignment, day and run a trip is, shared by every parent stream of this process: a trip's status event
   * reaches every stream, and each must tell whether it is theirs; one read per trip serves them all. Only what a
   * trip never changes is used from it (its status comes from the event).
   */
  const tripRows = new Map<string, Promise<PortalTripRow | undefined>>();
  const lookUp = (tripId: string): Promise<PortalTripRow | undefined> => {
    let row = tripRows.get(tripId);
    if (!row) {
      if (tripRows.size >= REMEMBERED_TRIPS) tripRows.clear();
      row = tripById(db, tripId);
      tripRows.set(tripId, row);
      // A failed read is not remembered: the next event of the trip reads again.
      row.catch(() => tripRows.delete(tripId));
    }
    return row;
  };

  /** What the family owns now, read from the database. */
  async function read(userId: string): Promise<FamilyState> {
    const parent = await parentOfUser(db, userId);
    const children = parent ? await childrenOf(db, parent.id) : [];
    const ids = children.map((child) => child.id);
    const state: FamilyState = { children: new Set(ids), seated: new Map(), trips: new Map() };
    if (!ids.length) return state;
    for (const seat of await seatsOf(db, ids)) {
      const seated = state.seated.get(seat.assignmentId) ?? new Set<string>();
      seated.add(seat.studentId);
      state.seated.set(seat.assignmentId, seated);
    }
    const today = zonedDate(clock(), timeZone);
    const [from, to] = [addDays(today, -1), addDays(today, 1)];
    const trips = await tripsCarrying(db, ids, [...state.seated.keys()], from, to);
    const [events, absences] = await Promise.all([
      eventsOfChildrenOn(
        db,
        ids,
        trips.map((trip) => trip.id),
      ),
      absencesOfChildren(db, ids, from, to),
    ]);
    for (const trip of trips) state.trips.set(trip.id, knownTrip(state, trip, absences));
    for (const event of events)
      addEvent(state.trips.get(event.tripId)!, { ...event, studentId: event.studentId! });
    return state;
  }

  function knownTrip(
    state: FamilyState,
    trip: PortalTripRow,
    absences: { studentId: string; date: string; run: string }[],
  ): KnownTrip {
    return {
      status: trip.status,
      children: new Set(trip.assignmentId ? state.seated.get(trip.assignmentId) : []),
      events: new Map(),
      absent: new Set(
        absences
          .filter((row) => row.date === trip.tripDate && row.run === trip.type)
          .map((row) => row.studentId),
      ),
    };
  }

  function addEvent(trip: KnownTrip, event: RiderEvent & { studentId: string }): void {
    trip.children.add(event.studentId);
    const list = trip.events.get(event.studentId) ?? [];
    if (!list.some((known) => known.eventId === event.eventId)) list.push(event);
    trip.events.set(event.studentId, list);
  }

  /** Whether the bus of `trip` may be shown now: for any child it carries, the portal's rule. */
  function busVisible(trip: KnownTrip): boolean {
    return [...trip.children].some((child) => {
      const state = deriveRiderStates(trip.events.get(child) ?? []).get(child);
      return busVisibleFor(trip.status, childRunState(trip.status, state, trip.absent.has(child)));
    });
  }

  return async function parentScope(userId: string): Promise<StreamScope> {
    const state = await read(userId);
    let late: (frame: string) => void = () => {};
    let closed = false;
    /** Trips being looked up: each unknown trip is read once however many of its events arrive meanwhile. */
    const looking = new Set<string>();
    /** Trips found not to be the family's: their later events need no look-up. */
    const foreign = new Set<string>();

    const learn = (event: LiveEvent): void => {
      if (event.type === 'trip') {
        const payload = event.payload as LiveTrip;
        const trip = state.trips.get(payload.tripId);
        if (trip) trip.status = payload.status;
      } else if (event.type === 'ridership') {
        const payload = event.payload as LiveRidership;
        const trip = state.trips.get(payload.tripId);
        if (trip && payload.studentId && state.children.has(payload.studentId))
          addEvent(trip, { ...payload, studentId: payload.studentId });
      }
    };

    /**
     * A trip the scope did not know of: one row read tells whether it is of the family's assignments (made after
     * the stream opened, or of another day) or, with `rider`, one their child rode. If so it is known from now
     * on, and its status event, when that is what brought it, is written late.
     */
    const adopt = (tripId: string, rider: string | null, pending: LiveEvent | null): void => {
      if (looking.has(tripId) || (foreign.has(tripId) && !rider)) return;
      looking.add(tripId);
      void (async () => {
        // A child's ride is rare and its trip's status matters at once: read afresh rather than remembered.
        const trip = rider ? await tripById(db, tripId) : await lookUp(tripId);
        const seated = trip?.assignmentId ? state.seated.has(trip.assignmentId) : false;
        if (!trip || (!seated && !rider)) {
          if (foreign.size >= REMEMBERED_TRIPS) foreign.clear();
          foreign.add(tripId);
          return;
        }
        if (closed || state.trips.has(tripId)) return;
        const ids = [...state.children];
        const [events, absences] = await Promise.all([
          eventsOfChildrenOn(db, ids, [tripId]),
          absencesOfChildren(db, ids, trip.tripDate, trip.tripDate),
        ]);
        const status = pending?.type === 'trip' ? (pending.payload as LiveTrip).status : trip.status;
        const known = knownTrip(state, { ...trip, status }, absences);
        if (rider) known.children.add(rider);
        for (const event of events) addEvent(known, { ...event, studentId: event.studentId! });
        state.trips.set(tripId, known);
        if (pending && !closed) late(withoutId(pending.frame));
      })()
        .catch(() => {
          // The stream goes on with what it knew; a later event of the trip asks again.
        })
        .finally(() => looking.delete(tripId));
    };

    return {
      relevant(event) {
        if (event.type === 'ridership') {
          const studentId = (event.payload as LiveRidership).studentId;
          return studentId !== null && state.children.has(studentId);
        }
        if (event.type === 'trip') return state.children.size > 0;
        if (event.type === 'position') return event.tripId !== null && state.trips.has(event.tripId);
        return false;
      },

      frameFor(event) {
        if (event.type === 'ridership') {
          const payload = event.payload as LiveRidership;
          if (!payload.studentId || !state.children.has(payload.studentId)) return null;
          // Their child rode a trip the scope did not know of (another bus): learn it, for its positions.
          if (!state.trips.has(payload.tripId)) adopt(payload.tripId, payload.studentId, null);
          learn(event);
          return event.frame;
        }
        if (event.type === 'trip') {
          const tripId = (event.payload as LiveTrip).tripId;
          if (!state.trips.has(tripId)) {
            adopt(tripId, null, event);
            return null;
          }
          learn(event);
          return event.frame;
        }
        if (event.type === 'position') {
          const trip = event.tripId ? state.trips.get(event.tripId) : undefined;
          if (!trip || !busVisible(trip)) return null;
          return busFrame(event.id, event.payload as LivePosition);
        }
        return null;
      },

      onLate(write) {
        late = write;
      },

      close() {
        closed = true;
      },
    };
  };
}
export type ParentLiveScopes = ReturnType<typeof createParentLiveScopes>;
