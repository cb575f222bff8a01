import type { Point } from '../../../lib/geo-distance.js';
import { modelledLegMs, type TravelSettings } from '../../../lib/travel-time.js';

/**
 * Planned times at the stops a combined run took over (decision 061). The host's own stops keep their plan: it is
 * what the host's parents were told and what its driver's day is built on. Each joined stop is one modelled leg
 * (the ETAs' dwell plus straight-line drive, lib/travel-time.ts) after the stop before it in the run's order; a
 * joined stop ahead of every timed stop (the office moved it to the front) is one leg before the stop after it.
 * Whole minutes: the plan of a route is in minutes, and a notice that a time "changed" by seconds would be noise.
 */
export interface OrderedStop extends Point {
  /** Milliseconds since the epoch; null where nothing is planned yet. */
  plannedAt: number | null;
  /** A stop taken over from a joined run, whose time is estimated here. */
  joined: boolean;
}

const MINUTE_MS = 60_000;
const toMinute = (ms: number) => Math.round(ms / MINUTE_MS) * MINUTE_MS;

/** The planned time of every stop in order: the host's own as they are, the joined ones estimated. */
export function plannedTimesAlong(
  stops: readonly OrderedStop[],
  settings: TravelSettings,
): (number | null)[] {
  const times = stops.map((stop) => (stop.joined ? null : stop.plannedAt));
  // Forward from the first timed stop, then backward for joined stops before it.
  for (let i = 1; i < stops.length; i++) {
    const before = times[i - 1];
    if (stops[i]!.joined && before !== null && before !== undefined)
      times[i] = toMinute(before + modelledLegMs(stops[i - 1]!, stops[i]!, settings));
  }
  for (let i = stops.length - 2; i >= 0; i--) {
    const after = times[i + 1];
    if (stops[i]!.joined && times[i] === null && after !== null && after !== undefined)
      times[i] = toMinute(after - modelledLegMs(stops[i]!, stops[i + 1]!, settings));
  }
  return times;
}
