import { describe, expect, it } from 'vitest';
import { dayLabel, monthRange, monthWeeks, shiftMonth } from './month-grid';

describe('month grid', () => {
  it('gives the first and last date of a month', () => {
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('lays a month out in Monday-first weeks of seven', () => {
    // 1 June 2026 is a Monday; 1 March 2026 a Sunday.
    const june = monthWeeks('2026-06');
    expect(june[0]?.[0]).toBe('2026-06-01');
    const march = monthWeeks('2026-03');
    expect(march[0]?.slice(0, 7)).toEqual([null, null, null, null, null, null, '2026-03-01']);
    expect(march.every((week) => week.length === 7)).toBe(true);
    expect(march.flat().filter(Boolean)).toHaveLength(31);
  });

  it('moves across years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
  });

  it('says what a date is', () => {
    expect(dayLabel(false, undefined)).toBe('No school (weekend)');
    expect(dayLabel(true, undefined)).toBe('School day');
    expect(dayLabel(false, 'HOLIDAY')).toBe('Holiday');
  });
});
