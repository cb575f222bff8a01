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
