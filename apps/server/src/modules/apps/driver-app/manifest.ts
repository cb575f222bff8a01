import {
  type AuthorizedAdult,
  type NoAdultRule,
  riderStates,
  studentOfEvent,
  type Manifest,
  type ManifestRider,
  type RidershipEvent,
  type Student,
  type TripStop,
} from '@school-transport/shared';
import { missStillStanding, receivedByOf, type MissRow } from '../../operations/hand-over/index.js';
import type { RidershipEventRow } from '../../operations/ridership/index.js';
import type { stopsOfTrip, TripRow } from './driver-app-queries.js';

type TripStopRow = Awaited<ReturnType<typeof stopsOfTrip>>[number];

/** What a manifest is made of, read by the service. */
export interface ManifestParts {
  trip: TripRow;
  stops: TripStopRow[];
  /** The children seated in the trip's assignment, in the order they were enrolled. */
  students: Student[];
  /** Trip stop position per child, for those tied to one of the trip's stops. */
  stopPositions: Map<string, number>;
  /** Children marked "not riding" on the trip's date and run. */
  absent: Set<string>;
  /** The trip's events in the order they happened. */
  events: RidershipEventRow[];
  /** Each stop's note and photo link as they are now, by stop id (decision 058). */
  stopNotes: Map<string, { note: string | null; photoUrl: string | null }>;
  /** The adults of each child who must be handed over at drop-off (decision 065); no entry for the others. */
  handOver: Map<string, AuthorizedAdult[]>;
  /** Each child's newest "no authorized adult" on the trip, by child. */
  misses: Map<string, MissRow>;
  noAdultRule: NoAdultRule;
  /** The office's notes by child for the trip's date (decision 067). */
  officeNotes: Map<string, string>;
}

/** The child's miss while it still says where they are: nothing of theirs happened after it. */
function standingMiss(events: RidershipEventRow[], studentId: string, misses: Map<string, MissRow>) {
  const last = events.filter((event) => event.studentId === studentId).at(-1);
  return missStillStanding(misses.get(studentId), last?.occurredAt ?? null);
}

type StopNotes = ManifestParts['stopNotes'];

const iso = (date: Date | null) => date?.toISOString() ?? null;

const toTripStop = (row: TripStopRow, notes: StopNotes): TripStop => ({
  ...((row.stopId && notes.get(row.stopId)) || { note: null, photoUrl: null }),
  position: row.position,
  stopId: row.stopId,
  name: row.name,
  lat: row.lat,
  lng: row.lng,
  plannedAt: iso(row.plannedAt),
  arrivedAt: iso(row.arrivedAt),
  departedAt: iso(row.departedAt),
});

const toEvent = (row: RidershipEventRow): RidershipEvent => ({
  eventId: row.eventId,
  kind: row.kind,
  method: row.method,
  studentId: row.studentId,
  studentName: row.studentName,
  tagId: row.tagId,
  occurredAt: row.occurredAt.toISOString(),
  receivedAt: row.receivedAt.toISOString(),
  lat: row.lat,
  lng: row.lng,
  flag: row.flag,
  receivedBy: receivedByOf(row),
});

/**
 * What the live manifest and a finished trip's record both tell of the trip itself and its stops; a record passes
 * no notes (the stops' notes and photos help a driver find them, not read back a run).
 */
const tripPart = (trip: ManifestParts['trip'], stops: TripStopRow[], notes: StopNotes = new Map()) => ({
  tripId: trip.id,
  type: trip.type,
  status: trip.status,
  date: trip.tripDate,
  routeName: trip.routeName,
  vehiclePlate: trip.vehiclePlate,
  plannedStartAt: iso(trip.plannedStartAt),
  stops: stops.map((stop) => toTripStop(stop, notes)),
});

/**
 * The trip as it runs, for the driver and the office alike. A child's state is the shared rule's (riderStates):
 * their events by when they happened, else ABSENT when marked not riding (no alert is due for them), else
 * WAITING. Riders are in stop order (children tied to no stop of the trip last), enrolment order within a stop.
 */
export function buildManifest({
  trip,
  stops,
  students,
  stopPositions,
  absent,
  events,
  stopNotes,
  handOver,
  misses,
  noAdultRule,
  officeNotes,
}: ManifestParts): Manifest {
  const states = riderStates(events, {
    expected: students.map((student) => ({ studentId: student.id, absent: absent.has(student.id) })),
    childOf: studentOfEvent,
  });
  const riders = students.map((student): ManifestRider => ({
    studentId: student.id,
    name: student.name,
    class: student.class,
    photoUrl: student.profileImage,
    nfcTagId: student.nfcTagId,
    stopPosition: stopPositions.get(student.id) ?? null,
    state: states.get(student.id)!,
    absent: absent.has(student.id),
    handOver: handOver.has(student.id) ? { adults: handOver.get(student.id)! } : null,
    handOverMiss: states.get(student.id) === 'ON_BUS' ? standingMiss(events, student.id, misses) : null,
    officeNote: officeNotes.get(student.id) ?? null,
  }));
  const order = (rider: ManifestRider) => rider.stopPosition ?? Number.MAX_SAFE_INTEGER;
  return {
    ...tripPart(trip, stops, stopNotes),
    // Array.prototype.sort is stable: enrolment order stays within a stop.
    riders: riders.sort((a, b) => order(a) - order(b)),
    events: events.map(toEvent),
    finishReason: trip.finishReason,
    noAdultRule,
  };
}

/** What a finished trip's record is made of: the trip, its own stops and events, and the day's absences. */
export type RecordParts = Omit<
  ManifestParts,
  'students' | 'stopPositions' | 'stopNotes' | 'handOver' | 'officeNotes'
>;

/**
 * An event as a driver is shown it: a child's id only with their name, which is stored only for a child seated on
 * the trip (ridership-queries' ingestEvents). Another route's child scanned here stays "a child of another bus".
 */
const withoutOthersId = (event: RidershipEvent): RidershipEvent =>
  event.studentName === null ? { ...event, studentId: null } : event;

/** The live manifest as its driver gets it: the same, with other routes' children's ids left out of the events. */
export function forDriver(manifest: Manifest): Manifest {
  return { ...manifest, events: manifest.events.map(withoutOthersId) };
}

/**
 * A trip's own record, for its driver once it no longer runs (decision 051): who rode, as it was recorded on the
 * trip, not who is seated on the route today. The riders are the children its events name (a name is stored only
 * for a child seated on the trip then), under the name stored with their latest event, in the order they were
 * first recorded; a child seated on the route since, or never scanned, is not in it. It carries no card tag, photo
 * or class (the record is to read back the run, not to scan children) and its events carry no tag.
 */
export function buildRecord({ trip, stops, absent, events, misses, noAdultRule }: RecordParts): Manifest {
  const names = new Map<string, string>();
  for (const event of events) {
    if (event.studentId && event.studentName) names.set(event.studentId, event.studentName);
  }
  const states = riderStates(events, {
    expected: [...names.keys()].map((studentId) => ({ studentId, absent: absent.has(studentId) })),
    childOf: studentOfEvent,
  });
  const riders = [...names].map(([studentId, name]): ManifestRider => ({
    studentId,
    name,
    class: '',
    photoUrl: null,
    nfcTagId: null,
    stopPosition: null,
    state: states.get(studentId)!,
    absent: absent.has(studentId),
    handOver: null,
    handOverMiss: states.get(studentId) === 'ON_BUS' ? standingMiss(events, studentId, misses) : null,
    officeNote: null,
  }));
  return {
    ...tripPart(trip, stops),
    riders,
    events: events.map((row) => ({ ...withoutOthersId(toEvent(row)), tagId: null })),
    finishReason: trip.finishReason,
    noAdultRule,
  };
}
