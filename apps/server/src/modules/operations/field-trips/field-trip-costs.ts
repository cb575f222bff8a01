import { distanceM, type Point } from '../../../lib/geo-distance.js';
import { modelledLegMs, type TravelSettings } from '../../../lib/travel-time.js';

/**
 * A field trip's times and costs (decision 073). The buses leave the depot to reach the school by the departure and
 * go back to the depot after the return: the legs are the modelled legs every estimate without a plan uses
 * (lib/travel-time.ts). Without a depot on record the legs count zero.
 */

export interface Rate {
  perHour: number;
  perKm: number;
  minimum: number;
}

const roadKm = (from: Point, to: Point, travel: TravelSettings) =>
  (distanceM(from, to) * travel.detourFactor) / 1000;

/** When the buses leave the depot and are back there. */
export function busySpan(
  trip: { departAt: Date; returnAt: Date; school: Point },
  depot: Point | null,
  travel: TravelSettings,
) {
  const leg = depot ? modelledLegMs(depot, trip.school, travel) : 0;
  const back = depot ? modelledLegMs(trip.school, depot, travel) : 0;
  return {
    busyFrom: new Date(trip.departAt.getTime() - leg),
    busyTo: new Date(trip.returnAt.getTime() + back),
  };
}

/** The distance a bus drives, by road: depot → school → destination → school → depot. */
export function estimatedKm(school: Point, destination: Point, depot: Point | null, travel: TravelSettings) {
  const depotKm = depot ? 2 * roadKm(depot, school, travel) : 0;
  return round2(depotKm + 2 * roadKm(school, destination, travel));
}

export const round2 = (n: number) => Math.round(n * 100) / 100;

/** One bus: hours at the hourly rate plus kilometres at the kilometre rate, never under the minimum. */
export function busCost(rate: Rate, hours: number, km: number): number {
  const cents = Math.round(hours * rate.perHour * 100) + Math.round(km * rate.perKm * 100);
  return Math.max(Math.round(rate.minimum * 100), cents) / 100;
}

export const hoursBetween = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 3_600_000;

/** The least step (metres) from the last counted fix that counts as driving: a parked bus's GPS jitter is not. */
export const MIN_STEP_M = 25;

/**
 * The distance a bus drove from its recorded positions, in km (decision 078): fixes in the order they were
 * recorded (imprecise ones were never stored: MAX_POSITION_ACCURACY_M), each step counted once it is MIN_STEP_M or
 * more from the last counted fix, so a bus standing at the museum for hours adds nothing for the few metres its
 * fixes wander. Great-circle steps, as every distance here (lib/geo-distance.ts).
 */
export function trackKm(fixes: readonly Point[]) {
  let metres = 0;
  let anchor: Point | undefined;
  for (const fix of fixes) {
    if (!anchor) {
      anchor = fix;
      continue;
    }
    const step = distanceM(anchor, fix);
    if (step >= MIN_STEP_M) {
      metres += step;
      anchor = fix;
    }
  }
  return { km: round2(metres / 1000), positions: fixes.length };
}
