import { describe, expect, it } from 'vitest';
import { greatCircleMetres, METRES_PER_DEGREE_LATITUDE, type Point } from '../src/school/geo.js';
import {
  DEFAULT_STOP_GROUPING,
  groupStops,
  type ChildHome,
  type ExistingStop,
  type GroupedStop,
} from '../src/school/group-stops.js';

const origin = { lat: 52.0, lng: 5.0 };
const metresPerDegreeLng = METRES_PER_DEGREE_LATITUDE * Math.cos((origin.lat * Math.PI) / 180);

/** A point so many metres north and east of the origin (flat-earth offsets: exact enough over a few km). */
function at(northM: number, eastM: number): Point {
  return {
    lat: origin.lat + northM / METRES_PER_DEGREE_LATITUDE,
    lng: origin.lng + eastM / metresPerDegreeLng,
  };
}

function child(id: string, northM: number, eastM: number, doorToDoor = false): ChildHome {
  return { id, doorToDoor, ...at(northM, eastM) };
}

/** A small deterministic generator, so the town is the same at every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A town: a few dense neighbourhoods and homes scattered between them. */
function town(count: number, seed: number): ChildHome[] {
  const next = random(seed);
  const centres = [at(0, 0), at(1500, 800), at(-900, 2200), at(2500, -1800)];
  return Array.from({ length: count }, (_, index) => {
    const scattered = index % 5 === 0;
    const spread = scattered ? 3000 : 350;
    const centre = centres[index % centres.length]!;
    const north = (centre.lat - origin.lat) * METRES_PER_DEGREE_LATITUDE + (next() - 0.5) * 2 * spread;
    const east = (centre.lng - origin.lng) * metresPerDegreeLng + (next() - 0.5) * 2 * spread;
    return child(`c${String(index).padStart(4, '0')}`, north, east, index % 97 === 0);
  });
}

function stopOfEachChild(stops: readonly GroupedStop[]): Map<string, GroupedStop> {
  const stopOf = new Map<string, GroupedStop>();
  for (const stop of stops) {
    for (const id of stop.childIds) {
      expect(stopOf.has(id), `${id} is at one stop only`).toBe(false);
      stopOf.set(id, stop);
    }
  }
  return stopOf;
}

describe('grouping homes into stops', () => {
  const children = town(600, 17);
  const existing: ExistingStop[] = [
    { id: 's-market', name: 'Market', ...at(20, -30) },
    { id: 's-church', name: 'Church', ...at(1480, 850) },
    { id: 's-far', name: 'Far away', ...at(9000, 9000) },
  ];
  const stops = groupStops(children, existing);
  const stopOf = stopOfEachChild(stops);

  it('gives every child exactly one stop within walking distance', () => {
    expect(stopOf.size).toBe(children.length);
    for (const home of children) {
      const stop = stopOf.get(home.id)!;
      expect(greatCircleMetres(home, stop)).toBeLessThanOrEqual(DEFAULT_STOP_GROUPING.walkingDistanceM);
    }
  });

  it('puts no more than the maximum at a stop, and makes far fewer stops than children', () => {
    for (const stop of stops)
      expect(stop.childIds.length).toBeLessThanOrEqual(DEFAULT_STOP_GROUPING.maxChildrenPerStop);
    expect(stops.length).toBeLessThan(children.length / 4);
  });

  it('places new stops only where a child lives, and reuses the existing stops near children', () => {
    const homes = new Set(children.map((home) => `${home.lat},${home.lng}`));
    for (const stop of stops.filter((candidate) => candidate.existingStopId === null)) {
      expect(homes.has(`${stop.lat},${stop.lng}`)).toBe(true);
    }
    const reused = stops.filter((stop) => stop.existingStopId !== null).map((stop) => stop.existingStopId);
    expect(reused.sort()).toEqual(['s-church', 's-market']);
    const market = stops.find((stop) => stop.existingStopId === 's-market')!;
    expect([market.lat, market.lng]).toEqual([existing[0]!.lat, existing[0]!.lng]);
  });

  it('leaves each door-to-door child alone at a stop at their home', () => {
    const doorToDoor = children.filter((home) => home.doorToDoor);
    expect(doorToDoor.length).toBeGreaterThan(3);
    for (const home of doorToDoor) {
      const stop = stopOf.get(home.id)!;
      expect(stop.childIds).toEqual([home.id]);
      expect([stop.lat, stop.lng]).toEqual([home.lat, home.lng]);
    }
  });

  it('gives the same stops whatever the order of its input', () => {
    const shuffled = [...children].sort((a, b) => ((a.lng * 1e6) % 1) - ((b.lng * 1e6) % 1));
    expect(groupStops(shuffled, [...existing].reverse())).toEqual(stops);
  });

  it('holds with other settings: a shorter walk and smaller stops', () => {
    const settings = { walkingDistanceM: 250, maxChildrenPerStop: 4, doorRadiusM: 25 };
    const small = groupStops(children, existing, settings);
    const smallStopOf = stopOfEachChild(small);
    for (const home of children)
      expect(greatCircleMetres(home, smallStopOf.get(home.id)!)).toBeLessThanOrEqual(250);
    for (const stop of small) expect(stop.childIds.length).toBeLessThanOrEqual(4);
    expect(small.length).toBeGreaterThan(stops.length);
  });
});

describe('grouping small cases', () => {
  it('serves a street of homes 90 m apart from one stop in its middle', () => {
    const street = Array.from({ length: 8 }, (_, index) => child(`h${index}`, index * 90, 0));
    const stops = groupStops(street, []);
    expect(stops).toHaveLength(1);
    expect(stops[0]!.existingStopId).toBeNull();
    expect(['h3', 'h4'].map((id) => street.find((home) => home.id === id)!.lat)).toContain(stops[0]!.lat);
  });

  it('splits a block of 25 children into stops of at most 10', () => {
    const block = Array.from({ length: 25 }, (_, index) =>
      child(`b${String(index).padStart(2, '0')}`, index, 0),
    );
    const stops = groupStops(block, []);
    expect(stops).toHaveLength(3);
    for (const stop of stops) expect(stop.childIds.length).toBeLessThanOrEqual(10);
  });

  it('makes one stop per neighbourhood when neighbourhoods are far apart', () => {
    const homes = [child('a1', 0, 0), child('a2', 100, 50), child('b1', 2000, 0), child('b2', 2050, 120)];
    const stops = groupStops(homes, []);
    expect(stops.map((stop) => stop.childIds)).toEqual([
      ['a1', 'a2'],
      ['b1', 'b2'],
    ]);
  });

  it('reuses an existing stop within walking distance rather than making a new one', () => {
    const homes = [child('a', 0, 0), child('b', 50, 0), child('c', 0, 60)];
    const stops = groupStops(homes, [{ id: 'corner', name: 'Corner', ...at(300, 0) }]);
    expect(stops).toEqual([{ existingStopId: 'corner', ...at(300, 0), childIds: ['a', 'b', 'c'] }]);
  });

  it('does not use an existing stop beyond walking distance', () => {
    const stops = groupStops([child('a', 0, 0)], [{ id: 'far', name: 'Far', ...at(450, 0) }]);
    expect(stops).toEqual([{ existingStopId: null, ...at(0, 0), childIds: ['a'] }]);
  });

  it('keeps a door-to-door child alone though neighbours live next door, at an existing stop only at their door', () => {
    const homes = [child('a', 0, 0, true), child('b', 10, 0), child('c', 0, 10), child('d', 500, 0, true)];
    const existing = [
      { id: 'gate', name: 'Gate of a', ...at(15, 0) },
      { id: 'near-d', name: 'Near d', ...at(560, 0) },
    ];
    const stops = groupStops(homes, existing);
    expect(stops).toContainEqual({ existingStopId: 'gate', ...at(15, 0), childIds: ['a'] });
    expect(stops).toContainEqual({ existingStopId: null, ...at(500, 0), childIds: ['d'] });
    const others = stops.find((stop) => stop.childIds.includes('b'))!;
    expect(others.childIds).toEqual(['b', 'c']);
    expect(others.existingStopId).toBeNull();
  });

  it('refuses a maximum below one child per stop', () => {
    expect(() =>
      groupStops([child('a', 0, 0)], [], { ...DEFAULT_STOP_GROUPING, maxChildrenPerStop: 0 }),
    ).toThrow(RangeError);
  });
});
