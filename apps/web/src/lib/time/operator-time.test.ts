import { describe, expect, it } from 'vitest';
import { clockAfter, formatClock } from './operator-time';

describe('operator time', () => {
  it("adds minutes to a run's start on the wall clock", () => {
    expect(clockAfter('07:30', 12)).toBe('07:42');
    expect(clockAfter('07:30', 45)).toBe('08:15');
    expect(clockAfter('23:50', 20)).toBe('00:10');
  });

  it("reads an instant on the operator's clock, not the viewer's", () => {
    expect(formatClock('2026-03-02T02:00:00.000Z', 'Asia/Kolkata')).toBe('07:30');
    expect(formatClock('2026-07-01T06:30:00.000Z', 'Europe/London')).toBe('07:30');
  });
});
