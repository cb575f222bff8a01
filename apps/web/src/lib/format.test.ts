import { describe, expect, it } from 'vitest';
import { formatDate, formatMinutes, orDash } from './format';

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
