import { DEFAULT_OPERATOR_LOCALE } from '@school-transport/shared';
import { afterEach, describe, expect, it } from 'vitest';
import {
  countOf,
  formatCoordinates,
  formatDate,
  formatInLocale,
  formatMinutes,
  formatMoment,
  formatMomentToSecond,
  formatTripDay,
  formatTripMoment,
  orDash,
} from './format';
import { operatorLocale, setOperatorLocale } from './operator-locale';

afterEach(() => setOperatorLocale(DEFAULT_OPERATOR_LOCALE));

describe('formatDate', () => {
  it.each([
    ['2025-01-01T10:00:00', '1st Jan 2025'],
    ['2025-03-02T10:00:00', '2nd Mar 2025'],
    ['2025-05-03T10:00:00', '3rd May 2025'],
    ['2025-06-11T10:00:00', '11th Jun 2025'],
    ['2024-12-22T10:00:00', '22nd Dec 2024'],
  ])("shows %s as %s in the default locale (the specification's Do MMM YYYY)", (iso, expected) => {
    expect(formatDate(iso)).toBe(expected);
  });

  it('reads a calendar day as that day where the viewer is, not as midnight UTC', () => {
    // new Date('2025-01-01') is midnight UTC: west of Greenwich that is still 31 December.
    expect(formatDate('2025-01-01')).toBe('1st Jan 2025');
    expect(formatTripDay('2026-03-02')).toBe('2nd Mar 26');
  });
});

describe("the operator's locale", () => {
  it('is en-GB until the settings name another', () => {
    expect(operatorLocale()).toBe('en-GB');
  });

  it('writes every date the way the chosen locale does, from the next call on', () => {
    const moment = new Date(2025, 0, 2, 15, 4, 5).toISOString();
    setOperatorLocale('en-US');
    expect(formatDate('2025-01-02')).toBe('Jan 2, 2025');
    expect(formatMoment(moment)).toBe('Jan 2, 2025, 3:04 PM');
    expect(formatTripMoment(moment)).toBe('Jan 2, 25, 3:04:05 PM');
    expect(formatInLocale('2026-03-02', 'longDay')).toBe('Monday, March 2, 2026');
    expect(document.documentElement.lang).toBe('en-US');

    setOperatorLocale('de-DE');
    expect(formatDate('2025-01-02')).toBe('2. Jan. 2025');
    expect(formatMoment(moment)).toBe('2. Jan. 2025, 15:04');
  });

  it('keeps the current locale when this browser does not know the one named', () => {
    setOperatorLocale('xx-YY');
    expect(operatorLocale()).toBe('en-GB');
    expect(formatDate('2025-01-02')).toBe('2nd Jan 2025');
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
    // A trip's moment: the specification's 'Do MMM YY, h:mm:ss a'.
    expect(formatTripMoment('2025-01-01T15:04:05')).toBe('1st Jan 25, 3:04:05 pm');
  });
});
