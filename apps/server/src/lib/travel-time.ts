/**
 * How long a bus takes between two stops when no plan or routing server says: the straight line times a detour
 * factor at an average speed, plus a dwell at the stop it leaves. The ETAs of a trip without a plan
 * (operations/board/eta.ts) and the planned times of stops a combined run takes over (operations/trips,
 * decision 061) both read it, so an estimate means the same in both.
 */
import { distanceM, type Point } from './geo-distance.js';

export interface TravelSettings {
  /** How much longer the road is than the straight line between two stops. */
  detourFactor: number;
  averageSpeedKmh: number;
}

/** How long a bus stands at a stop, for legs without a plan. */
export const DWELL_MS = 30_000;

/** How long driving `metres` of straight line takes by road, in ms. */
export function travelMs(metres: number, settings: TravelSettings): number {
  return ((metres * settings.detourFactor) / (settings.averageSpeedKmh / 3.6)) * 1000;
}

/** A leg without a plan, in ms: the dwell at `from`, then the drive to `to`. */
export const modelledLegMs = (from: Point, to: Point, settings: TravelSettings) =>
  DWELL_MS + travelMs(distanceM(from, to), settings);
