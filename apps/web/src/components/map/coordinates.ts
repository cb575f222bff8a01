import { numberFromText } from '@school-transport/shared';

export interface MapPoint {
  lat: number;
  lng: number;
}

/** Where a map without a point opens: the operator's city (Bengaluru), seen whole. */
export const DEFAULT_VIEW = { center: { lat: 12.9716, lng: 77.5946 }, zoom: 11 } as const;
/** Close enough to tell one street from the next. */
export const POINT_ZOOM = 16;

function coordinate(value: unknown, limit: number): number | null {
  const number = numberFromText(value);
  return typeof number === 'number' && Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
}

/** Typed or stored coordinates as a point; null while they are not (yet) a position on Earth. */
export function toMapPoint(latitude: unknown, longitude: unknown): MapPoint | null {
  const lat = coordinate(latitude, 90);
  const lng = coordinate(longitude, 180);
  return lat === null || lng === null ? null : { lat, lng };
}

/** A clicked position to six decimals (about 10 cm): more digits only say how the mouse happened to land. */
export const roundCoordinate = (value: number) => Math.round(value * 1e6) / 1e6;
