import { describe, expect, it } from 'vitest';
import { CALM_ABOVE_MPS, FULL_BELOW_MPS, isMoving, measuredSpeed } from './calm-driving';
import type { Fix } from './tracking';

const fix = (at: number, lat: number, speed?: number): Fix => ({ lat, lng: 77.6, accuracy: 10, at, speed });
/** Degrees of latitude for a distance in metres (the haversine's sphere). */
const metres = (m: number) => m / ((Math.PI * 6_371_000) / 180);

describe('the calm view’s speed rule', () => {
  it('turns calm only above walking speed, and full again only once the bus has nearly stopped', () => {
    // Walking speed and a little more do not turn the view calm.
    expect(isMoving(false, 0)).toBe(false);
    expect(isMoving(false, 2)).toBe(false);
    expect(isMoving(false, CALM_ABOVE_MPS)).toBe(false);
    expect(isMoving(false, CALM_ABOVE_MPS + 0.1)).toBe(true);
    // Once moving, a bus creeping at walking speed stays calm (no flicker between the two thresholds)…
    expect(isMoving(true, 2)).toBe(true);
    expect(isMoving(true, FULL_BELOW_MPS)).toBe(true);
    // …and is full again only below the lower one.
    expect(isMoving(true, FULL_BELOW_MPS - 0.1)).toBe(false);
    expect(isMoving(true, 0)).toBe(false);
  });

  it('keeps the state when the speed cannot be told', () => {
    expect(isMoving(true, undefined)).toBe(true);
    expect(isMoving(false, undefined)).toBe(false);
    expect(isMoving(true, Number.NaN)).toBe(true);
  });

  it('does not flicker along a run of readings around walking speed', () => {
    const readings = [0, 1.5, 2.4, 3, 2.2, 1.8, 2.6, 1.2, 2.4, 0.8, 2, 2.4, 0.4];
    const states: boolean[] = [];
    let moving = false;
    for (const speed of readings) states.push((moving = isMoving(moving, speed)));
    expect(states).toEqual([
      false,
      false,
      false,
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  it('measures the speed from the phone’s reading, else from the fix before', () => {
    expect(measuredSpeed(null, fix(0, 12.9, 7))).toBe(7);
    expect(measuredSpeed(null, fix(0, 12.9))).toBeUndefined();
    // 50 m in 5 s: 10 m/s.
    expect(measuredSpeed(fix(0, 12.9), fix(5_000, 12.9 + metres(50)))).toBeCloseTo(10, 1);
    // A fix no later than the one before says nothing.
    expect(measuredSpeed(fix(5_000, 12.9), fix(5_000, 12.91))).toBeUndefined();
  });
});
