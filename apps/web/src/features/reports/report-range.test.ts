import { describe, expect, it } from 'vitest';
import { addDays, operatorToday, rangeFromSearch } from './report-range';

describe('report range', () => {
  it('moves days across months and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
  });

  it('takes the operator’s day, not the viewer’s', () => {
    const lateEvening = new Date('2026-03-02T22:30:00Z');
    expect(operatorToday('Asia/Kolkata', lateEvening)).toBe('2026-03-03');
    expect(operatorToday('America/New_York', lateEvening)).toBe('2026-03-02');
  });

  it('reads a valid range from the address and falls back to the last 30 days otherwise', () => {
    expect(rangeFromSearch(new URLSearchParams('from=2026-01-05&to=2026-01-09'), '2026-03-02')).toEqual({
      from: '2026-01-05',
      to: '2026-01-09',
    });
    for (const search of ['', 'from=2026-03-05&to=2026-03-01', 'from=bad&to=2026-03-01']) {
      expect(rangeFromSearch(new URLSearchParams(search), '2026-03-02')).toEqual({
        from: '2026-02-01',
        to: '2026-03-02',
      });
    }
  });
});
