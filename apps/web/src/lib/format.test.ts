import { describe, expect, it } from 'vitest';
import {
  countOf,
  formatCoordinates,
  formatDate,
  formatMinutes,
  formatMoment,
  formatMomentToSecond,
  orDash,
} from './format';

describe('formatDate', () => {
  it.each([
    ['2025-01-01T10:00:00', '1st Jan 2025'],
    ['2025-03-02T10:00:00', '2nd Mar 2025'],
    ['2025-05-03T10:00:00', '3rd May 2025'],
    ['2025-06-11T10:00:00', '11th Jun 2025'],
    ['2024-12-22T10:00:00', '22nd Dec 2024'],
  ])('shows %s as %s', (iso, expected) => {
    expect(formatDate(iso)).toBe(expected);
  });
});

describe('formatMinutes', () => {
  it('shows a duration in minutes', () => {
    expect(formatMinutes(45)).toBe('45 min');
  });
});

describe('orDash', () => {
  it('shows a dash for an empty value and the value otherwise', () => {
    expect(orDash(null)).toBe('—');
    expect(orDash('')).toBe('—');
    expect(orDash('Main Street 1')).toBe('Main Street 1');
  });
});

describe('formatCoordinates', () => {
  it('shows latitude and longitude with five decimals', () => {
    expect(formatCoordinates(12.9716, 77.5946)).toBe('12.97160, 77.59460');
    expect(formatCoordinates(-33.8688197, 151.2092955)).toBe('-33.86882, 151.20930');
  });
});

describe('countOf', () => {
  it('counts in words that read naturally', () => {
    expect(countOf(0, 'child', 'children')).toBe('no children');
    expect(countOf(1, 'child', 'children')).toBe('1 child');
    expect(countOf(3, 'child', 'children')).toBe('3 children');
  });
});

describe('formatMoment and formatMomentToSecond', () => {
  it('show a moment to the minute, or to the second for the audit log', () => {
    expect(formatMoment('2025-01-01T15:04:05')).toBe('1st Jan 2025, 3:04 pm');
    expect(formatMomentToSecond('2025-01-02T09:04:05')).toBe('2nd Jan 2025, 9:04:05 am');
  });
});
