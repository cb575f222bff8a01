import type { BoardTrip } from '@school-transport/shared';
import { lastFixAge } from './board-format';
import { freshnessOf, type Freshness } from '../../lib/live/staleness';

/** A bus on a started trip, with how old its last position is now (null: it has sent none yet). */
export interface LiveBus {
  trip: BoardTrip;
  age: number | null;
  freshness: Freshness;
}

/** What the map's status filter offers, beside "every bus". */
export const BUS_FILTERS = {
  all: 'All buses',
  fresh: 'Live signal',
  stale: 'Stale (over 15 s)',
  lost: 'No signal (over 1 min)',
  late: 'Running late',
  alerts: 'With open alerts',
} as const;
export type BusFilter = keyof typeof BUS_FILTERS;

/** A trip more than this many minutes behind counts as running late on the map's filter. */
const LATE_FILTER_MINUTES = 1;

/** The buses of the board's started trips at `now`: a finished or pending trip has no bus on the road. */
export function liveBuses(trips: readonly BoardTrip[], now: number): LiveBus[] {
  return trips
    .filter((trip) => trip.status === 'STARTED')
    .map((trip) => {
      const age = lastFixAge(trip, now);
      // A bus that never sent a position is as unseen as one that stopped.
      return { trip, age, freshness: age === null ? 'lost' : freshnessOf(age) };
    });
}

export interface BusFilters {
  /** A route's id, or '' for every route. */
  route: string;
  status: BusFilter;
}

export const routeKeyOf = (trip: Pick<BoardTrip, 'routeId' | 'routeName'>) => trip.routeId ?? trip.routeName;

export function matchesFilters(bus: LiveBus, { route, status }: BusFilters): boolean {
  if (route && routeKeyOf(bus.trip) !== route) return false;
  switch (status) {
    case 'all':
      return true;
    case 'late':
      return (bus.trip.lateMinutes ?? 0) >= LATE_FILTER_MINUTES;
    case 'alerts':
      return bus.trip.openAlerts > 0;
    default:
      return bus.freshness === status;
  }
}

/** The routes of the running trips, by name, for the route filter. */
export function routeOptions(buses: readonly LiveBus[]): { key: string; name: string }[] {
  const byKey = new Map(buses.map((bus) => [routeKeyOf(bus.trip), bus.trip.routeName]));
  return [...byKey].map(([key, name]) => ({ key, name })).sort((a, b) => a.name.localeCompare(b.name));
}
