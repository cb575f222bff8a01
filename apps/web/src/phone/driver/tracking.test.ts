import { describe, expect, it } from 'vitest';
import { distanceM, shouldSendFix, type Fix } from './tracking';

const fix = (overrides: Partial<Fix>): Fix => ({ lat: 52.37, lng: 4.89, accuracy: 10, at: 0, ...overrides });
/** About 0.0001° of latitude is 11 m. */
const NORTH_11M = 0.0001;

describe('position fixes', () => {
  it('measures short distances in metres', () => {
    expect(distanceM(fix({}), fix({ lat: 52.37 + NORTH_11M }))).toBeCloseTo(11.1, 0);
  });

  it('sends the first good fix and drops vague ones', () => {
    expect(shouldSendFix(null, fix({}))).toBe(true);
    expect(shouldSendFix(null, fix({ accuracy: 101 }))).toBe(false);
    expect(shouldSendFix(null, fix({ accuracy: 100 }))).toBe(true);
  });

  it('sends about one fix per 5 s, sooner once the bus moved 25 m', () => {
    const last = fix({ at: 0 });
    expect(shouldSendFix(last, fix({ at: 4_999 }))).toBe(false);
    expect(shouldSendFix(last, fix({ at: 5_000 }))).toBe(true);
    expect(shouldSendFix(last, fix({ at: 1_000, lat: 52.37 + 2 * NORTH_11M }))).toBe(false);
    expect(shouldSendFix(last, fix({ at: 1_000, lat: 52.37 + 3 * NORTH_11M }))).toBe(true);
  });
});
