import { describe, expect, it } from 'vitest';
import { METRES_PER_DEGREE_LATITUDE } from '../src/school/geo.js';
import {
  DEFAULT_DWELL,
  DEFAULT_STRAIGHT_LINE,
  dwellSeconds,
  straightLineModel,
  straightLineTable,
} from '../src/school/travel-model.js';

const school = { lat: 48.85, lng: 2.35 };
const oneKmNorth = { lat: school.lat + 1000 / METRES_PER_DEGREE_LATITUDE, lng: school.lng };

describe('straight-line travel model', () => {
  it('drives 1 km north as 1.3 km at 30 km/h: 156 s', () => {
    const table = straightLineTable([school, oneKmNorth]);
    expect(table.size).toBe(2);
    expect(table.metres[1]).toBeCloseTo(1300, 6);
    expect(table.seconds[1]).toBeCloseTo(156, 6);
    expect(table.seconds[2]).toBeCloseTo(156, 6);
    expect([table.seconds[0], table.seconds[3], table.metres[0], table.metres[3]]).toEqual([0, 0, 0, 0]);
  });

  it('follows its settings', () => {
    const table = straightLineTable([school, oneKmNorth], { detourFactor: 1.5, speedKmh: 45 });
    expect(table.metres[1]).toBeCloseTo(1500, 6);
    expect(table.seconds[1]).toBeCloseTo(120, 6);
  });

  it('lays out a table row by row for every pair', async () => {
    const twoKmNorth = { lat: school.lat + 2000 / METRES_PER_DEGREE_LATITUDE, lng: school.lng };
    const table = await straightLineModel(DEFAULT_STRAIGHT_LINE).table([school, oneKmNorth, twoKmNorth]);
    expect(table.size).toBe(3);
    expect(table.metres[0 * 3 + 2]).toBeCloseTo(2600, 6);
    expect(table.metres[2 * 3 + 1]).toBeCloseTo(1300, 6);
    expect(table.seconds[1 * 3 + 2]).toBeCloseTo(156, 6);
  });
});

describe('dwell', () => {
  it('is 30 s per stop and 5 s per child by default', () => {
    expect(dwellSeconds(0)).toBe(30);
    expect(dwellSeconds(4)).toBe(50);
    expect(dwellSeconds(4, { ...DEFAULT_DWELL, perChildSeconds: 10 })).toBe(70);
  });
});
