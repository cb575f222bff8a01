import { describe, expect, it } from 'vitest';
import { forEachPairWithin, greatCircleMetres, type Point } from '../src/school/geo.js';

describe('great-circle distance', () => {
  it('measures a degree of longitude on the equator and a kilometre along a meridian', () => {
    expect(greatCircleMetres({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo(111_195.08, 1);
    expect(greatCircleMetres({ lat: 10, lng: 3 }, { lat: 10 + 1 / 111.19508, lng: 3 })).toBeCloseTo(1000, 0);
  });

  it('is shorter east-west away from the equator (Paris–London, about 344 km)', () => {
    const paris = { lat: 48.8566, lng: 2.3522 };
    const london = { lat: 51.5074, lng: -0.1278 };
    expect(greatCircleMetres(paris, london) / 1000).toBeCloseTo(344, 0);
  });
});

/** Points scattered around a centre, a few km across, from a fixed seed. */
function scatter(centre: Point, count: number, seed: number): Point[] {
  let state = seed;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32 - 0.5;
  };
  return Array.from({ length: count }, () => {
    const lat = Math.max(-90, Math.min(90, centre.lat + next() * 0.04));
    const lng = ((centre.lng + next() * 0.06 + 540) % 360) - 180;
    return { lat, lng };
  });
}

function pairsByGrid(queries: Point[], targets: Point[], radius: number): string[] {
  const pairs: string[] = [];
  forEachPairWithin(queries, targets, radius, (query, target) => pairs.push(`${query}:${target}`));
  return pairs.sort();
}

function pairsByBruteForce(queries: Point[], targets: Point[], radius: number): string[] {
  return queries
    .flatMap((query, q) =>
      targets.flatMap((target, t) => (greatCircleMetres(query, target) <= radius ? [`${q}:${t}`] : [])),
    )
    .sort();
}

describe('pairs within a radius', () => {
  it.each([
    ['a town', { lat: 45.1, lng: 7.6 }],
    ['across the 180th meridian', { lat: -17.8, lng: 179.99 }],
    ['near the pole', { lat: 89.99, lng: 20 }],
  ])('finds exactly the pairs a full comparison finds, in %s', (_, centre) => {
    const queries = scatter(centre, 300, 1);
    const targets = scatter(centre, 400, 2);
    const expected = pairsByBruteForce(queries, targets, 400);
    expect(expected.length).toBeGreaterThan(300);
    expect(pairsByGrid(queries, targets, 400)).toEqual(expected);
  });

  it('passes the distance of each pair', () => {
    const points = [
      { lat: 0, lng: 0 },
      { lat: 0, lng: 0.001 },
    ];
    const seen: number[] = [];
    forEachPairWithin([points[0]!], points, 200, (_, __, metres) => seen.push(metres));
    expect(seen).toHaveLength(2);
    expect(seen.sort((a, b) => a - b)[1]).toBeCloseTo(111.195, 2);
  });
});
