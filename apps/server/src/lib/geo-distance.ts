/** Distances on the Earth's surface, for stops within a walking radius of a point. */
import { greatCircleMetres, METRES_PER_DEGREE_LATITUDE, type Point } from '@school-transport/planner';

export type { Point };

/** Metres in one degree of latitude (and of longitude at the equator), on the planner's sphere. */
const METRES_PER_DEGREE = METRES_PER_DEGREE_LATITUDE;

/** Great-circle distance in metres: the route planner's, so that a stop is "within 400 m" the same way in both. */
export const distanceM = greatCircleMetres;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * A latitude/longitude box holding every point within `radiusM` of `centre`, for an indexed range filter before
 * the exact distance. Longitude is a list of ranges: one, or two where the box crosses the 180th meridian, or
 * the whole circle near a pole (where a few hundred metres span any longitude).
 */
export interface Box {
  minLat: number;
  maxLat: number;
  lngRanges: Array<[number, number]>;
}

export function boxAround(centre: Point, radiusM: number): Box {
  const dLat = radiusM / METRES_PER_DEGREE;
  const minLat = Math.max(-90, centre.lat - dLat);
  const maxLat = Math.min(90, centre.lat + dLat);
  // The widest longitude span is at the box's latitude farthest from the equator.
  const cosLat = Math.cos(radians(Math.max(Math.abs(minLat), Math.abs(maxLat))));
  const dLng = cosLat > 0 ? radiusM / (METRES_PER_DEGREE * cosLat) : Infinity;
  if (dLng >= 180) return { minLat, maxLat, lngRanges: [[-180, 180]] };
  const west = centre.lng - dLng;
  const east = centre.lng + dLng;
  const lngRanges: Array<[number, number]> =
    west < -180
      ? [
          [west + 360, 180],
          [-180, east],
        ]
      : east > 180
        ? [
            [west, 180],
            [-180, east - 360],
          ]
        : [[west, east]];
  return { minLat, maxLat, lngRanges };
}

/**
 * Metres from `point` to the nearest place on the path through `path`'s points in order (straight segments), or
 * to its one point. Planar on a local equirectangular projection around `point`: within a few metres of the sphere
 * over the tens of kilometres of a bus route, which is far finer than the hundreds of metres it is compared with.
 */
export function distanceToPathM(point: Point, path: readonly Point[]): number {
  if (path.length === 0) return Infinity;
  const metresPerDegreeLng = METRES_PER_DEGREE * Math.cos(radians(point.lat));
  const local = (p: Point) => ({
    x: (p.lng - point.lng) * metresPerDegreeLng,
    y: (p.lat - point.lat) * METRES_PER_DEGREE,
  });
  if (path.length === 1) return distanceM(point, path[0]!);
  let nearest = Infinity;
  for (let i = 1; i < path.length; i++) {
    const a = local(path[i - 1]!);
    const b = local(path[i]!);
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const lengthSquared = dx * dx + dy * dy;
    // The segment's point nearest the origin (the point itself), clamped to the segment.
    const share = lengthSquared === 0 ? 0 : Math.min(1, Math.max(0, -(a.x * dx + a.y * dy) / lengthSquared));
    nearest = Math.min(nearest, Math.hypot(a.x + share * dx, a.y + share * dy));
  }
  return nearest;
}
