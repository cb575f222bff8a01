import type { BoardTrip, LiveStop, LiveTripDetails, TripStatus } from '@school-transport/shared';
import type { Database } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { notFound } from '../../../lib/errors.js';
import { addDays, zonedDate } from '../../../lib/zoned-time.js';
import {
  boardStops,
  boardTrips,
  type BoardFilter,
  type BoardStopRow,
  type BoardTripRow,
} from './board-queries.js';
import { dayChanges } from './day-changes.js';
import { estimateTrip, hasPlan, lateMinutesSoFar, type EtaSettings, type EtaTrip } from './eta.js';
import type { RoadDurations } from './road-durations.js';

export interface BoardServiceDeps {
  db: Database;
  clock: Clock;
  /** "Today" is the calendar day in the operator's time zone. */
  timeZone: string;
  routing: EtaSettings;
  /** Driving times from a routing server (ROUTING_URL) for trips without planned times; none when unset. */
  roads?: RoadDurations | null;
}

/** The board's order: what runs now first, then what is to come, then what is over. */
const STATUS_ORDER: Record<TripStatus, number> = { STARTED: 0, PENDING: 1, COMPLETED: 2, CANCELLED: 3 };

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function byBoardOrder(a: BoardTrip, b: BoardTrip): number {
  const planned = (trip: BoardTrip) => trip.plannedStartAt ?? '9999';
  return (
    STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
    planned(a).localeCompare(planned(b)) ||
    a.routeName.localeCompare(b.routeName) ||
    a.type.localeCompare(b.type) ||
    a.tripId.localeCompare(b.tripId)
  );
}

/** A rescue or a handed-over original (decision 056), with the other trip of the pair. */
function handoverOf(row: BoardTripRow): BoardTrip['handover'] {
  const otherTripId = row.rescueOfTripId ?? row.handedOverToTripId;
  if (!otherTripId || row.otherPlate === null) return null;
  return { role: row.rescueOfTripId ? 'RESCUE' : 'HANDED_OVER', otherTripId, otherPlate: row.otherPlate };
}

/** One trip of the board with its stop timeline: estimates for a started trip, lateness as far as known else. */
function liveTrip(
  row: BoardTripRow,
  stopRows: BoardStopRow[],
  roadLegs: (number | null)[] | null,
  now: number,
  routing: EtaSettings,
) {
  const lastFix =
    row.fixAt === null
      ? null
      : { lat: row.fixLat!, lng: row.fixLng!, at: row.fixAt, accuracy: row.fixAccuracy };
  const etaTrip: EtaTrip = {
    startedAt: row.startedAt,
    plannedStartAt: row.plannedStartAt,
    stops: stopRows,
    lastFix,
    roadLegs,
  };
  const running = row.status === 'STARTED' ? estimateTrip(etaTrip, now, routing) : null;
  const stops: LiveStop[] = stopRows.map((stop, i) => ({
    position: stop.position,
    name: stop.name,
    lat: stop.lat,
    lng: stop.lng,
    plannedAt: iso(stop.plannedAt),
    arrivedAt: iso(stop.arrivedAt),
    departedAt: iso(stop.departedAt),
    eta: iso(running?.etas[i] ?? null),
  }));
  // A trip to come is next at its first stop; a finished or cancelled one at none.
  const next = running ? running.next : row.status === 'PENDING' ? 0 : null;
  const lateMinutes = running
    ? running.lateMinutes
    : row.status === 'COMPLETED'
      ? lateMinutesSoFar(stopRows)
      : null;
  const trip: BoardTrip = {
    tripId: row.id,
    type: row.type,
    status: row.status,
    date: row.date,
    routeId: row.routeId,
    routeName: row.routeName,
    driverName: row.driverName,
    vehiclePlate: row.vehiclePlate,
    vehicleId: row.vehicleId,
    plannedStartAt: iso(row.plannedStartAt),
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
    stopsDone: stopRows.filter((stop) => stop.arrivedAt !== null).length,
    stopsTotal: stopRows.length,
    onBoard: row.onBoard,
    lateMinutes,
    nextStop: next === null ? null : (stops[next] ?? null),
    lastFix: lastFix && {
      lat: lastFix.lat,
      lng: lastFix.lng,
      accuracy: lastFix.accuracy,
      recordedAt: iso(lastFix.at)!,
    },
    openAlerts: row.openAlerts,
    planned:
      row.plannedDriverName === null
        ? null
        : { driverName: row.plannedDriverName, vehiclePlate: row.plannedVehiclePlate ?? row.vehiclePlate },
    delayMinutes: row.delayMinutes,
    handover: handoverOf(row),
    carries: row.carries,
    ridesWith: row.ridesWith,
  };
  return { trip, stops };
}

/**
 * The dispatcher's view of the day: every trip with its progress, riders, lateness and next stop, read in two
 * statements (board-queries.ts) and estimated here with the ETA functions (eta.ts).
 */
export function createBoardService({ db, clock, timeZone, routing, roads = null }: BoardServiceDeps) {
  async function load(filter: BoardFilter): Promise<LiveTripDetails[]> {
    const [tripRows, stopRows] = await Promise.all([boardTrips(db, filter), boardStops(db, filter)]);
    const stopsByTrip = new Map<string, BoardStopRow[]>();
    for (const stop of stopRows) {
      const list = stopsByTrip.get(stop.tripId);
      if (list) list.push(stop);
      else stopsByTrip.set(stop.tripId, [stop]);
    }
    const stopsOf = (row: BoardTripRow) => stopsByTrip.get(row.id) ?? [];
    // Only a running trip without a plan is estimated from driving times.
    const roadLegs = await Promise.all(
      tripRows.map((row) =>
        roads && row.status === 'STARTED' && !hasPlan({ stops: stopsOf(row) })
          ? roads.legsOf(stopsOf(row))
          : null,
      ),
    );
    const now = clock().getTime();
    return tripRows.map((row, i) => liveTrip(row, stopsOf(row), roadLegs[i]!, now, routing));
  }

  return {
    /** Every trip of `date` (default: today), in the board's order. */
    async board(date?: string): Promise<BoardTrip[]> {
      const trips = await load({ dates: [date ?? zonedDate(clock(), timeZone)] });
      return trips.map(({ trip }) => trip).sort(byBoardOrder);
    },

    /** What changed the plan of `date` (default: today), newest first (day-changes.ts). */
    changes(date?: string) {
      return dayChanges(db, date ?? zonedDate(clock(), timeZone));
    },

    /** One trip with its whole stop timeline. */
    async trip(tripId: string): Promise<LiveTripDetails> {
      const [details] = await load({ tripId });
      if (!details) throw notFound('Trip not found.');
      return details;
    },

    /** Started trips of today, and of yesterday for one still running past midnight, with their timelines. */
    running(): Promise<LiveTripDetails[]> {
      const today = zonedDate(clock(), timeZone);
      return load({ dates: [addDays(today, -1), today], status: 'STARTED' });
    },
  };
}
export type BoardService = ReturnType<typeof createBoardService>;
