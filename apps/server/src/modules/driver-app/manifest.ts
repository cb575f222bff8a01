import type {
  Manifest,
  ManifestRider,
  RiderState,
  RidershipEvent,
  Student,
  TripStop,
} from '@school-transport/shared';
import { deriveRiderStates } from '../ridership/rider-states.js';
import type { RidershipEventRow } from '../ridership/ridership-queries.js';
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
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

const toTripStop = (row: TripStopRow): TripStop => ({
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
});

/**
 * The trip as it runs, for the driver and the office alike. A child's state comes from their events by when they
 * happened; with none, an absent child is ABSENT (no alert is due for them) and any other is WAITING. An absent
 * child who boards anyway is ON_BUS: what happened on the bus wins over what the office expected. Riders are in
 * stop order (children tied to no stop of the trip last), enrolment order within a stop.
 */
export function buildManifest({
  trip,
  stops,
  students,
  stopPositions,
  absent,
  events,
}: ManifestParts): Manifest {
  const states = deriveRiderStates(events);
  const riders = students.map((student): ManifestRider => {
    const isAbsent = absent.has(student.id);
    const state: RiderState = states.get(student.id) ?? (isAbsent ? 'ABSENT' : 'WAITING');
    return {
      studentId: student.id,
      name: student.name,
      class: student.class,
      photoUrl: student.profileImage,
      nfcTagId: student.nfcTagId,
      stopPosition: stopPositions.get(student.id) ?? null,
      state,
      absent: isAbsent,
    };
  });
  const order = (rider: ManifestRider) => rider.stopPosition ?? Number.MAX_SAFE_INTEGER;
  return {
    tripId: trip.id,
    type: trip.type,
    status: trip.status,
    date: trip.tripDate,
    routeName: trip.routeName,
    vehiclePlate: trip.vehiclePlate,
    plannedStartAt: iso(trip.plannedStartAt),
    stops: stops.map(toTripStop),
    // Array.prototype.sort is stable: enrolment order stays within a stop.
    riders: riders.sort((a, b) => order(a) - order(b)),
    events: events.map(toEvent),
    finishReason: trip.finishReason,
  };
}
