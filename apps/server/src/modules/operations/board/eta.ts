import { distanceM, type Point } from '../../../lib/geo-distance.js';
import { DWELL_MS, travelMs, type TravelSettings } from '../../../lib/travel-time.js';

export { DWELL_MS, travelMs };

/**
 * Estimated arrivals for a running trip, as pure functions of what is known (the plan, the stops reached, the last
 * fix) and the time: the board, the LATE check and the accuracy benchmark (bench/eta-accuracy.ts) all use these.
 *
 * The model: each leg (from one stop's arrival to the next stop's) has a planned duration, from the trip's planned
 * times, or, for a trip without a plan, a dwell at the stop plus the drive: a routing server's duration when one is
 * set (ROUTING_URL), else the straight-line distance times a detour factor at an average speed. How the trip is running so far scales every leg still to come: its pace, observed over
 * planned time leg by leg, smoothed exponentially and bounded, so one slow crossing or a quick stop does not swing
 * every estimate. The leg in progress is what is left of it: by the last fix's place between its two stops when
 * the bus has left the previous one, else by the time spent on it.
 */

export type EtaSettings = TravelSettings;

export interface EtaStop extends Point {
  /** Times are milliseconds since the epoch. */
  plannedAt: number | null;
  arrivedAt: number | null;
  departedAt: number | null;
}

export interface EtaFix extends Point {
  at: number;
}

export interface EtaTrip {
  startedAt: number | null;
  plannedStartAt: number | null;
  /** In the order the bus serves them. */
  stops: EtaStop[];
  lastFix: EtaFix | null;
  /** Driving times by road from a routing server, per stop from the one before it (road-durations.ts). */
  roadLegs?: (number | null)[] | null;
}

export interface TripEstimate {
  /** Per stop, its estimated arrival for a stop still to come; null for one reached, passed or not estimable. */
  etas: (number | null)[];
  /** The index of the next stop to reach; null when the last stop has been reached. */
  next: number | null;
  /** Minutes behind the plan (negative: ahead), one decimal; null without a plan. */
  lateMinutes: number | null;
  /** The pace the estimates use (1: as planned, 1.2: legs take 20 % longer). */
  pace: number;
}

/** A trip never runs faster than this share of its plan, nor slower than this many times it, for the estimates. */
export const PACE_BOUNDS = { min: 0.7, max: 2.0 } as const;
/** Weight of the newest leg in the smoothed pace. */
export const PACE_SMOOTHING = 0.5;
/** Legs planned shorter than this are joined to the next one before their pace counts: minutes are whole. */
const MIN_OBSERVED_LEG_MS = 30_000;

const bounded = (pace: number) => Math.min(PACE_BOUNDS.max, Math.max(PACE_BOUNDS.min, pace));
const smoothed = (previous: number | null, observed: number) =>
  previous === null ? observed : PACE_SMOOTHING * observed + (1 - PACE_SMOOTHING) * previous;
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** Whether every stop has a planned time: then the plan gives each leg. */
export function hasPlan(trip: Pick<EtaTrip, 'stops'>): boolean {
  return trip.stops.length > 0 && trip.stops.every((stop) => stop.plannedAt !== null);
}

/**
 * The planned duration of each leg, in ms: leg i ends at stop i. From the plan (leg 0 from the planned start), or
 * modelled: the dwell at the stop before plus the drive, by road when a routing server said how long, else the
 * straight line times the detour at the average speed. A modelled leg 0 is null: where the bus sets out from is not
 * known.
 */
export function plannedLegs(trip: EtaTrip, settings: EtaSettings): (number | null)[] {
  const { stops } = trip;
  if (hasPlan(trip)) {
    return stops.map((stop, i) => {
      const from = i === 0 ? (trip.plannedStartAt ?? stop.plannedAt!) : stops[i - 1]!.plannedAt!;
      return Math.max(0, stop.plannedAt! - from);
    });
  }
  return stops.map((stop, i) =>
    i === 0 ? null : DWELL_MS + (trip.roadLegs?.[i] ?? travelMs(distanceM(stops[i - 1]!, stop), settings)),
  );
}

/**
 * The trip's pace so far: observed over planned time of each leg between stops reached (from the start for the
 * first), smoothed over the legs in order. A stop not reached between two that were joins its legs into one.
 * Null before any leg has been observed.
 */
export function observedPace(trip: EtaTrip, legs: (number | null)[]): number | null {
  let pace: number | null = null;
  let anchor = legs[0] === null ? null : trip.startedAt;
  let planned = 0;
  trip.stops.forEach((stop, i) => {
    const leg = legs[i];
    if (leg === null || leg === undefined) {
      anchor = null;
      planned = 0;
    } else planned += leg;
    if (stop.arrivedAt === null) return;
    if (anchor === null) {
      anchor = stop.arrivedAt;
      planned = 0;
    } else if (planned >= MIN_OBSERVED_LEG_MS) {
      pace = smoothed(pace, bounded((stop.arrivedAt - anchor) / planned));
      anchor = stop.arrivedAt;
      planned = 0;
    }
  });
  return pace;
}

/** The index of the last stop reached (stops before it not reached were passed by); -1 when none. */
function lastReachedIndex(stops: EtaStop[]): number {
  for (let i = stops.length - 1; i >= 0; i--) if (stops[i]!.arrivedAt !== null) return i;
  return -1;
}

/** Minutes behind the plan at the last stop reached; null without a plan or before any stop. */
export function lateMinutesSoFar(stops: EtaStop[]): number | null {
  const last = stops[lastReachedIndex(stops)];
  if (!last || last.plannedAt === null) return null;
  return oneDecimal((last.arrivedAt! - last.plannedAt) / 60_000);
}

/**
 * When the bus should reach the next stop (index `next`), or null when nothing says: a trip without a plan whose
 * bus has neither reached a stop nor sent a fix. Answers the pace the rest of the trip runs at too: a leg in
 * progress that already took longer than expected says the trip runs slower now.
 */
function nextArrival(
  trip: EtaTrip,
  next: number,
  legs: (number | null)[],
  pace: number,
  now: number,
  settings: EtaSettings,
): { at: number; pace: number } | null {
  const { stops, lastFix } = trip;
  const previous = stops[next - 1];
  const leg = legs[next];
  const fixOnLeg = lastFix && (!previous || previous.arrivedAt! <= lastFix.at) ? lastFix : null;
  if (leg === null || leg === undefined) {
    // No plan and no stop behind: the only place to measure from is where the bus is.
    if (!fixOnLeg) return null;
    const drive = travelMs(distanceM(fixOnLeg, stops[next]!), settings) * pace;
    return { at: Math.max(now, fixOnLeg.at + drive), pace };
  }
  const since = previous ? previous.arrivedAt! : (trip.startedAt ?? now);
  const elapsed = now - since;
  const overdue = leg > 0 && elapsed > leg * pace;
  const paceNow = overdue ? bounded(smoothed(pace, elapsed / leg)) : pace;
  const expected = leg * paceNow;
  // Once the bus has left the previous stop, its place between the two stops says how much of the leg is left.
  if (fixOnLeg && previous && previous.departedAt !== null && previous.departedAt <= fixOnLeg.at) {
    const span = distanceM(previous, stops[next]!);
    const left = span > 1 ? Math.min(1, distanceM(fixOnLeg, stops[next]!) / span) : 0;
    return { at: Math.max(now, fixOnLeg.at + expected * left), pace: paceNow };
  }
  return { at: Math.max(now, since + expected), pace: paceNow };
}

/**
 * Every estimate of a started trip at `now`: the next stop's arrival (nextArrival), then each later stop one
 * planned leg times the pace after the one before it. Late minutes compare the next stop's estimate with its plan,
 * or, once the last stop is reached, its arrival.
 */
export function estimateTrip(trip: EtaTrip, now: number, settings: EtaSettings): TripEstimate {
  const { stops } = trip;
  const etas: (number | null)[] = stops.map(() => null);
  const reached = lastReachedIndex(stops);
  const next = reached + 1 < stops.length ? reached + 1 : null;
  const legs = plannedLegs(trip, settings);
  const paceSoFar = observedPace(trip, legs) ?? 1;
  if (next === null) return { etas, next, lateMinutes: lateMinutesSoFar(stops), pace: paceSoFar };
  const first = nextArrival(trip, next, legs, paceSoFar, now, settings);
  if (!first) return { etas, next, lateMinutes: null, pace: paceSoFar };
  let at = first.at;
  etas[next] = Math.round(at / 1000) * 1000;
  for (let i = next + 1; i < stops.length; i++) {
    at += legs[i]! * first.pace;
    etas[i] = Math.round(at / 1000) * 1000;
  }
  const planned = stops[next]!.plannedAt;
  const lateMinutes = planned === null ? null : oneDecimal((etas[next]! - planned) / 60_000);
  return { etas, next, lateMinutes, pace: first.pace };
}
