/** Points on the Earth and the distance between them. */

export interface Point {
  lat: number;
  lng: number;
}

/** The mean Earth radius (IUGG), in metres. */
const EARTH_RADIUS_M = 6_371_008.8;
/** Metres along one degree of latitude on that sphere: the bound a latitude difference puts on a distance. */
export const METRES_PER_DEGREE_LATITUDE = (Math.PI * EARTH_RADIUS_M) / 180;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine: stable for the short distances of a school district). */
export function greatCircleMetres(a: Point, b: Point): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Cells a little wider than the radius, so that rounding at the edge of the radius never misses a pair. */
const CELL_MARGIN = 1.01;

/**
 * Calls `visit` for every pair of a query point and a target point at most `radiusM` apart (great-circle), in
 * query order. The targets are binned in a latitude/longitude grid of cells at least the radius wide (at the
 * highest latitude present), so a query measures only the 3 × 3 cells around it; columns wrap at the 180th
 * meridian, and near a pole a single column spans every longitude.
 */
export function forEachPairWithin(
  queries: readonly Point[],
  targets: readonly Point[],
  radiusM: number,
  visit: (query: number, target: number, metres: number) => void,
): void {
  const rowDegrees = (CELL_MARGIN * radiusM) / METRES_PER_DEGREE_LATITUDE;
  const highest = Math.min(
    90,
    Math.max(0, ...[...queries, ...targets].map((point) => Math.abs(point.lat))) + rowDegrees,
  );
  const columnDegrees = rowDegrees / Math.cos(radians(highest));
  const columns = Number.isFinite(columnDegrees) ? Math.max(1, Math.floor(360 / columnDegrees)) : 1;
  const row = (point: Point) => Math.floor((point.lat + 90) / rowDegrees);
  const column = (point: Point) => Math.floor(((point.lng + 180) / 360) * columns) % columns;
  const cells = new Map<number, number[]>();
  targets.forEach((target, index) => {
    const key = row(target) * columns + column(target);
    const cell = cells.get(key);
    if (cell) cell.push(index);
    else cells.set(key, [index]);
  });
  queries.forEach((query, queryIndex) => {
    const near = new Set<number>();
    for (const dColumn of [-1, 0, 1]) near.add((column(query) + dColumn + columns) % columns);
    for (const dRow of [-1, 0, 1]) {
      for (const nearColumn of near) {
        for (const target of cells.get((row(query) + dRow) * columns + nearColumn) ?? []) {
          const metres = greatCircleMetres(query, targets[target]!);
          if (metres <= radiusM) visit(queryIndex, target, metres);
        }
      }
    }
  });
}
