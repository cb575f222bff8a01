import { describe, expect, it } from 'vitest';
import { roundCoordinate, toMapPoint } from './coordinates';

describe('toMapPoint', () => {
  it('reads typed text and stored numbers alike', () => {
    expect(toMapPoint('12.9716', ' 77.5946 ')).toEqual({ lat: 12.9716, lng: 77.5946 });
    expect(toMapPoint(-33.86, 151.2)).toEqual({ lat: -33.86, lng: 151.2 });
  });

  it.each([
    ['', '77.5'],
    ['12.9', ''],
    ['north', '77.5'],
    ['91', '77.5'],
    ['12.9', '-180.5'],
    [null, undefined],
  ])('is no point for (%s, %s)', (latitude, longitude) => {
    expect(toMapPoint(latitude, longitude)).toBeNull();
  });
});

describe('roundCoordinate', () => {
  it('keeps six decimals', () => {
    expect(roundCoordinate(12.971598765)).toBe(12.971599);
    expect(roundCoordinate(-33.8688197)).toBe(-33.86882);
  });
});
