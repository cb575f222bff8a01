import {
  childRunState,
  riderStateOf,
  type LivePosition,
  type ParentBus,
  type RiderEventFacts,
  type Run,
  type TripStatus,
} from '@school-transport/shared';
import type { Database } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { addDays, zonedDate } from '../../../lib/zoned-time.js';
import type { LiveEvent, StreamScope } from '../../operations/live/index.js';
import type { LoggedRidership } from '../../operations/ridership/index.js';
import type { LoggedTripStatus } from '../../operations/trips/index.js';
import {
  absencesOfChildren,
  childrenOf,
  childStops,
  eventsOfChildrenOn,
  parentOfUser,
  seatsOf,
  stopsOfTrips,
  tripById,
  tripsCarrying,
  type PortalTripRow,
} from './parent-portal-queries.js';
import { busVisibleFor, lastReached } from './parent-portal-service.js';

/**
 * A parent's live stream, filtered on the server (the contract's PARENT_LIVE_EVENTS): `ridership` events of
 * their own children, `trip` events of trips carrying one of them, and, in place of the office's `position` events,
 * `bus` events (ParentBus: no vehicle, speed or heading) only while the trip carries their child, by the same
 * rule as GET /api/parent/trips/:id/bus (busVisibleFor: for a child still waiting, only from a few stops before
 * theirs). Nothing else is ever written to the stream; a `stops` event (the bus reached a stop) is only read, to
 * learn where the bus is.
 *
 * Cheap per event: what the parent owns (children and their seats, the trips of yesterday to tomorrow carrying
 * them, their events and absences on those) is read once when the stream opens, then kept up to date from the
 * events themselves. A trip the scope does not know is read once, when a status event or their child's ridership
 * brings it, and kept if it is of the family's assignments (made after the stream opened, another day) or their
 * child rode it. A child moved to another bus while the stream is open is followed from the next stream.
 */

export interface KnownTrip {
  status: TripStatus;
  run: Run;
  /** Its stops in order: which is each child's, and which the bus has reached. */
  stops: TripStopState[];
  /** The family's children it carries. */
  children: Set<string>;
  /** Per child, their events on it (ids kept once), for the state the bus rule needs. */
  events: Map<string, ChildEvent[]>;
  absent: Set<string>;
}

/** One of the family's children's events, as the stream keeps it. */
type ChildEvent = RiderEventFacts & { studentId: string };

interface TripStopState {
  stopId: string | null;
  arrivedAt: Date | null;
}

export interface FamilyState {
  children: Set<string>;
  /** Each child's stop of each run, by `${studentId}:${run}`. */
  stopOf: Map<string, string>;
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

/**
 * Which assignment, day and run a trip is, shared by every parent stream of this process: a trip's status event
 * reaches every stream, and each must tell whether it is theirs; one read per trip serves them all. Only what a
 * trip never changes is used from it (its status comes from the event).
 */
export class TripLookUp {
  private readonly rows = new Map<string, Promise<PortalTripRow | undefined>>();

  constructor(private readonly db: Database) {}

  find(tripId: string): Promise<PortalTripRow | undefined> {
    let row = this.rows.get(tripId);
    if (!row) {
      if (this.rows.size >= REMEMBERED_TRIPS) this.rows.clear();
      row = tripById(this.db, tripId);
      this.rows.set(tripId, row);
      // A failed read is not remembered: the next event of the trip reads again.
      row.catch(() => this.rows.delete(tripId));
    }
    return row;
  }
}

/** The parents' stream scopes of this process: each reads its family when its stream opens. */
export function createParentLiveScopes(deps: ParentLiveDeps) {
  const trips = new TripLookUp(deps.db);
  return async function parentScope(userId: string): Promise<StreamScope> {
    return new ParentScope(deps, trips, await readFamily(deps, userId));
  };
}
export type ParentLiveScopes = ReturnType<typeof createParentLiveScopes>;

/** What the family owns now, read from the database. */
export async function readFamily(
  { db, clock, timeZone }: ParentLiveDeps,
  userId: string,
): Promise<FamilyState> {
  const parent = await parentOfUser(db, userId);
  const children = parent ? await childrenOf(db, parent.id) : [];
  const ids = children.map((child) => child.id);
  const state: FamilyState = {
    children: new Set(ids),
    stopOf: new Map(),
    seated: new Map(),
    trips: new Map(),
  };
  if (!ids.length) return state;
  for (const stop of await childStops(db, ids))
    state.stopOf.set(`${stop.studentId}:${stop.run}`, stop.stopId);
  for (const seat of await seatsOf(db, ids)) {
    const seated = state.seated.get(seat.assignmentId) ?? new Set<string>();
    seated.add(seat.studentId);
    state.seated.set(seat.assignmentId, seated);
  }
  const today = zonedDate(clock(), timeZone);
  const [from, to] = [addDays(today, -1), addDays(today, 1)];
  const trips = await tripsCarrying(db, ids, [...state.seated.keys()], from, to);
  const tripIds = trips.map((trip) => trip.id);
  const [events, absences, stops] = await Promise.all([
    eventsOfChildrenOn(db, ids, tripIds),
    absencesOfChildren(db, ids, from, to),
    stopsOfTrips(db, tripIds),
  ]);
  for (const trip of trips)
    state.trips.set(
      trip.id,
      knownTrip(
        state,
        trip,
        absences,
        stops.filter((stop) => stop.tripId === trip.id),
      ),
    );
  for (const event of events)
    addEvent(state.trips.get(event.tripId)!, { ...event, studentId: event.studentId! });
  return state;
}

/** A trip as the scope follows it: the family's children it carries, who of them is absent, its stops. */
function knownTrip(
  state: FamilyState,
  trip: PortalTripRow,
  absences: { studentId: string; date: string; run: string }[],
  stops: TripStopState[],
): KnownTrip {
  return {
    status: trip.status,
    run: trip.type,
    stops: stops.map(({ stopId, arrivedAt }) => ({ stopId, arrivedAt })),
    children: new Set(trip.assignmentId ? state.seated.get(trip.assignmentId) : []),
    events: new Map(),
    absent: new Set(
      absences
        .filter((row) => row.date === trip.tripDate && row.run === trip.type)
        .map((row) => row.studentId),
    ),
  };
}

/** Takes in one of the family's children's events on the trip (an event it holds already changes nothing). */
function addEvent(trip: KnownTrip, event: ChildEvent): void {
  trip.children.add(event.studentId);
  const list = trip.events.get(event.studentId) ?? [];
  if (!list.some((known) => known.eventId === event.eventId)) list.push(event);
  trip.events.set(event.studentId, list);
}

/** Whether the bus of `trip` may be shown now: for any child it carries, the portal's rule. */
export function busVisible(state: FamilyState, trip: KnownTrip): boolean {
  const reached = lastReached(trip.stops);
  return [...trip.children].some((child) => {
    const riderState = riderStateOf(trip.events.get(child) ?? [], {
      studentId: child,
      absent: trip.absent.has(child),
    });
    const own = state.stopOf.get(`${child}:${trip.run}`);
    const index = own === undefined ? -1 : trip.stops.findIndex((stop) => stop.stopId === own);
    return busVisibleFor(trip.status, childRunState(trip.status, riderState), {
      childStop: index === -1 ? null : index,
      reached,
    });
  });
}

/** One parent's stream: what it may carry, decided per event from the family's state, which the events keep. */
export class ParentScope implements StreamScope {
  private late: (frame: string) => void = () => {};
  private closed = false;
  /** Trips being looked up: each unknown trip is read once however many of its events arrive meanwhile. */
  private readonly looking = new Set<string>();
  /** Trips found not to be the family's: their later events need no look-up. */
  private readonly foreign = new Set<string>();
  /** Trips whose stops are being read again: one read however many `stops` events come meanwhile. */
  private readonly refreshing = new Set<string>();
  /** Each known trip's newest position event, shown late when the bus's window opens. */
  private readonly lastPosition = new Map<string, LiveEvent>();

  constructor(
    private readonly deps: ParentLiveDeps,
    private readonly trips: TripLookUp,
    private readonly state: FamilyState,
  ) {}

  relevant(event: LiveEvent): boolean {
    if (event.type === 'ridership') {
      const studentId = (event.payload as LoggedRidership).studentId;
      return studentId !== null && this.state.children.has(studentId);
    }
    if (event.type === 'trip') return this.state.children.size > 0;
    if (event.type === 'position' || event.type === 'stops')
      return event.tripId !== null && this.state.trips.has(event.tripId);
    return false;
  }

  frameFor(event: LiveEvent): string | null {
    const { state } = this;
    if (event.type === 'ridership') {
      const payload = event.payload as LoggedRidership;
      if (!payload.studentId || !state.children.has(payload.studentId)) return null;
      // Their child rode a trip the scope did not know of (another bus): learn it, for its positions.
      if (!state.trips.has(payload.tripId)) this.adopt(payload.tripId, payload.studentId, null);
      this.learn(event);
      return event.frame;
    }
    if (event.type === 'trip') {
      const tripId = (event.payload as LoggedTripStatus).tripId;
      if (!state.trips.has(tripId)) {
        this.adopt(tripId, null, event);
        return null;
      }
      this.learn(event);
      return event.frame;
    }
    if (event.type === 'stops') {
      // Read, never written: a parent learns where the bus is only from `bus` events.
      if (event.tripId && state.trips.has(event.tripId)) this.refreshStops(event.tripId);
      return null;
    }
    if (event.type === 'position') {
      const trip = event.tripId ? state.trips.get(event.tripId) : undefined;
      if (!trip) return null;
      this.lastPosition.set(event.tripId!, event);
      if (!busVisible(state, trip)) return null;
      return busFrame(event.id, event.payload as LivePosition);
    }
    return null;
  }

  onLate(write: (frame: string) => void): void {
    this.late = write;
  }

  close(): void {
    this.closed = true;
  }

  /** Keeps a known trip's status and the family's children's events on it. */
  private learn(event: LiveEvent): void {
    if (event.type === 'trip') {
      const payload = event.payload as LoggedTripStatus;
      const trip = this.state.trips.get(payload.tripId);
      if (trip) trip.status = payload.status;
    } else if (event.type === 'ridership') {
      const payload = event.payload as LoggedRidership;
      const trip = this.state.trips.get(payload.tripId);
      if (trip && payload.studentId && this.state.children.has(payload.studentId))
        addEvent(trip, { ...payload, studentId: payload.studentId });
    }
  }

  /**
   * A trip the scope did not know of: one row read tells whether it is of the family's assignments (made after the
   * stream opened, or of another day) or, with `rider`, one their child rode. If so it is known from now on, and
   * its status event, when that is what brought it, is written late.
   */
  private adopt(tripId: string, rider: string | null, pending: LiveEvent | null): void {
    const { db } = this.deps;
    const { state } = this;
    if (this.looking.has(tripId) || (this.foreign.has(tripId) && !rider)) return;
    this.looking.add(tripId);
    void (async () => {
      // A child's ride is rare and its trip's status matters at once: read afresh rather than remembered.
      const trip = rider ? await tripById(db, tripId) : await this.trips.find(tripId);
      const seated = trip?.assignmentId ? state.seated.has(trip.assignmentId) : false;
      if (!trip || (!seated && !rider)) {
        if (this.foreign.size >= REMEMBERED_TRIPS) this.foreign.clear();
        this.foreign.add(tripId);
        return;
      }
      if (this.closed || state.trips.has(tripId)) return;
      const ids = [...state.children];
      const [events, absences, stops] = await Promise.all([
        eventsOfChildrenOn(db, ids, [tripId]),
        absencesOfChildren(db, ids, trip.tripDate, trip.tripDate),
        stopsOfTrips(db, [tripId]),
      ]);
      const status = pending?.type === 'trip' ? (pending.payload as LoggedTripStatus).status : trip.status;
      const known = knownTrip(state, { ...trip, status }, absences, stops);
      if (rider) known.children.add(rider);
      for (const event of events) addEvent(known, { ...event, studentId: event.studentId! });
      state.trips.set(tripId, known);
      if (pending && !this.closed) this.late(withoutId(pending.frame));
    })()
      .catch(() => {
        // The stream goes on with what it knew; a later event of the trip asks again.
      })
      .finally(() => this.looking.delete(tripId));
  }

  /**
   * The bus reached or left a stop of a known trip: its stops are read again (the event says only which trip), so
   * the bus of a waiting child shows from the stop the rule names, its newest position at once (written late,
   * without waiting for the next fix). A failed read leaves the bus hidden until the next `stops` event: the window
   * opens late, never early.
   */
  private refreshStops(tripId: string): void {
    if (this.refreshing.has(tripId)) return;
    this.refreshing.add(tripId);
    void stopsOfTrips(this.deps.db, [tripId])
      .then((stops) => {
        const trip = this.state.trips.get(tripId);
        if (!trip || this.closed) return;
        const wasVisible = busVisible(this.state, trip);
        trip.stops = stops.map(({ stopId, arrivedAt }) => ({ stopId, arrivedAt }));
        const position = this.lastPosition.get(tripId);
        if (!wasVisible && position && busVisible(this.state, trip))
          this.late(withoutId(busFrame(position.id, position.payload as LivePosition)));
      })
      .catch(() => {})
      .finally(() => this.refreshing.delete(tripId));
  }
}
