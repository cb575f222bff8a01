/**
 * How long a bus takes between points, and how far it drives. The planner only reads a `TravelTable`, so a road
 * router's duration table (OSRM, Valhalla) can replace the straight-line estimate without touching the rest.
 */
import { greatCircleMetres, type Point } from './geo.js';

/** Travel between every pair of a list of points: from i to j at `[i * size + j]`. */
export interface TravelTable {
  size: number;
  seconds: Float64Array;
  metres: Float64Array;
}

/** A source of travel tables; asynchronous because a road router is asked over the network. */
export interface TravelModel {
  table(points: readonly Point[]): Promise<TravelTable>;
}

export interface StraightLineSettings {
  /** Roads are longer than the straight line: 1.3 is the usual ratio of road to great-circle distance in towns. */
  detourFactor: number;
  /** Average speed of a bus between stops, starts, stops and junctions included. */
  speedKmh: number;
}

export const DEFAULT_STRAIGHT_LINE: StraightLineSettings = { detourFactor: 1.3, speedKmh: 30 };

/** The great-circle estimate: distance × detour factor, driven at the average speed. */
export function straightLineTable(
  points: readonly Point[],
  settings: StraightLineSettings = DEFAULT_STRAIGHT_LINE,
): TravelTable {
  const size = points.length;
  const seconds = new Float64Array(size * size);
  const metres = new Float64Array(size * size);
  const metresPerSecond = (settings.speedKmh * 1000) / 3600;
  points.forEach((from, i) => {
    for (let j = i + 1; j < size; j += 1) {
      const road = greatCircleMetres(from, points[j]!) * settings.detourFactor;
      metres[i * size + j] = metres[j * size + i] = road;
      seconds[i * size + j] = seconds[j * size + i] = road / metresPerSecond;
    }
  });
  return { size, seconds, metres };
}

export function straightLineModel(settings: StraightLineSettings = DEFAULT_STRAIGHT_LINE): TravelModel {
  return { table: (points) => Promise.resolve(straightLineTable(points, settings)) };
}

/** Time a bus stands at a stop: opening, closing and pulling out, then each child getting on or off. */
export interface DwellSettings {
  perStopSeconds: number;
  perChildSeconds: number;
}

export const DEFAULT_DWELL: DwellSettings = { perStopSeconds: 30, perChildSeconds: 5 };

export function dwellSeconds(children: number, settings: DwellSettings = DEFAULT_DWELL): number {
  return settings.perStopSeconds + settings.perChildSeconds * children;
}
