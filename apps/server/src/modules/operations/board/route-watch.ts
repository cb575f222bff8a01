import type { LiveTripDetails } from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import { distanceToPathM } from '../../../lib/geo-distance.js';
import { tripInWords, type AlertInput } from '../alerts/index.js';
import { waitingChildren } from './board-queries.js';

/**
 * Two alerts about where a running bus goes (issue 34, item 7; decision 059), raised by the 15 s look at running
 * trips (late-check.ts) from what the board already knows of each trip: its stops, which of them the bus reached
 * (ridership-queries.ts' stop visits) and its last fix. Each is raised once per cause, however often the look runs.
 */

const kilometres = (metres: number) => `${(metres / 1000).toFixed(1)} km`;

/**
 * OFF_ROUTE, once per trip: the bus's last fix is more than `maxMetres` from the run's path, the straight segments
 * through its stops in order (no road geometry: the setting's default leaves room for roads that bend). Only
 * between the first stop reached and the last: before, the bus comes from wherever it was parked; after, the run is
 * done. A fix less precise than the setting says nothing either way.
 */
export function offRouteAlerts(running: LiveTripDetails[], maxMetres: number, now: Date): AlertInput[] {
  return running.flatMap(({ trip, stops }) => {
    const fix = trip.lastFix;
    const underway = stops.some((stop) => stop.arrivedAt !== null) && stops.at(-1)?.arrivedAt === null;
    if (!fix || !underway || (fix.accuracy ?? 0) > maxMetres) return [];
    const away = distanceToPathM(fix, stops);
    if (away <= maxMetres) return [];
    return [
      {
        kind: 'OFF_ROUTE' as const,
        cause: `OFF_ROUTE:${trip.tripId}`,
        tripId: trip.tripId,
        message: `Off route: ${tripInWords(trip)} is ${kilometres(away)} from its path.`,
        raisedAt: now,
      },
    ];
  });
}

/**
 * MISSED_STOP, once per stop of a trip: children were due at a stop (waitingChildren: on a morning run, seated and
 * not boarded nor absent; on an afternoon run, on board and to leave there) and the bus reached a later stop without
 * having stood at this one. The message counts the children and names none (decision 024).
 */
export async function missedStopAlerts(
  tx: Executor,
  running: LiveTripDetails[],
  now: Date,
): Promise<AlertInput[]> {
  const furthestReached = new Map(
    running.map(({ trip, stops }) => [
      trip.tripId,
      Math.max(-Infinity, ...stops.filter((stop) => stop.arrivedAt !== null).map((stop) => stop.position)),
    ]),
  );
  const underway = running.filter(({ trip }) => furthestReached.get(trip.tripId)! > -Infinity);
  if (!underway.length) return [];
  const due = new Map<
    string,
    { tripId: string; position: number; stopName: string; children: Set<string> }
  >();
  const trips = new Map(underway.map(({ trip }) => [trip.tripId, trip]));
  // A child is a row per guardian (decision 064): counted once, by id.
  for (const child of await waitingChildren(tx, [...trips.keys()])) {
    if (child.position >= furthestReached.get(child.tripId)!) continue;
    const key = `${child.tripId}:${child.position}`;
    const stop = due.get(key) ?? { ...child, children: new Set<string>() };
    stop.children.add(child.studentId);
    due.set(key, stop);
  }
  return [...due.values()]
    .map(({ children, ...stop }) => ({ ...stop, children: children.size }))
    .map((stop) => ({
      kind: 'MISSED_STOP' as const,
      cause: `MISSED_STOP:${stop.tripId}:${stop.position}`,
      tripId: stop.tripId,
      message: `Missed stop: ${tripInWords(trips.get(stop.tripId)!)} passed ${stop.stopName} with ${stop.children} ${
        stop.children === 1 ? 'child' : 'children'
      } due.`,
      raisedAt: now,
    }));
}
