import { dateWriter } from '@school-transport/shared';
import { operatorLocale } from './operator-locale';

/** A calendar day ('2025-01-01') is a day where the viewer is, as a date field means it, not midnight UTC. */
const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function toDate(value: string): Date {
  const day = DAY_ONLY.exec(value);
  return day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
}

/** Each style of date the app writes, as Intl options; the locale decides order, words and the clock. */
const STYLES = {
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  shortDate: { day: 'numeric', month: 'short', year: '2-digit' },
  minute: { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  second: {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  },
  shortSecond: {
    day: 'numeric',
    month: 'short',
    year: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  },
  longDay: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  longDayNoYear: { weekday: 'long', day: 'numeric', month: 'long' },
  month: { month: 'long', year: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof STYLES;

// A formatter is costly to build and a table formats hundreds of dates: one per locale and style.
const writers = new Map<string, (date: Date) => string>();

/**
 * `value` (an ISO timestamp, or a calendar day) in `style`, the operator's way, in the viewer's time zone; the
 * default locale writes the specification's patterns ('1st Jan 2025', see `dateWriter`).
 */
export function formatInLocale(value: string, style: DateStyle, locale = operatorLocale()): string {
  const key = `${locale} ${style}`;
  let write = writers.get(key);
  if (!write) {
    write = dateWriter(locale, STYLES[style]);
    writers.set(key, write);
  }
  return write(toDate(value));
}

/** A record's date, e.g. '1st Jan 2025' (the default, en-GB) or 'Jan 1, 2025' (en-US). */
export function formatDate(isoDate: string): string {
  return formatInLocale(isoDate, 'date');
}

/** A trip's moments, to the second: '1st Jan 25, 3:04:05 pm' (the default). */
export function formatTripMoment(isoTimestamp: string): string {
  return formatInLocale(isoTimestamp, 'shortSecond');
}

/** A trip's day (YYYY-MM-DD, a calendar day) in the same style: '1st Jan 25' (the default). */
export function formatTripDay(day: string): string {
  return formatInLocale(day, 'shortDate');
}

/** Today's calendar day in the viewer's time zone, as date inputs and the API take it: '2026-03-02'. */
export function localToday(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A route's approximate duration, e.g. '45 min'. */
export function formatMinutes(minutes: number): string {
  return `${minutes} min`;
}

/** Optional values read as a dash rather than as a blank that looks like a loading glitch. */
export function orDash(value: string | null | undefined): string {
  return value ? value : '—';
}

/** A position as '12.97160, 77.59460': five decimals place it within about a metre. */
export function formatCoordinates(latitude: number, longitude: number): string {
  return `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
}

/** A child's home point, or what stands instead while the geocoder or the office has not placed its address. */
export function formatHome(
  latitude: number | null | undefined,
  longitude: number | null | undefined,
): string {
  return latitude == null || longitude == null
    ? 'not placed yet, from its address'
    : formatCoordinates(latitude, longitude);
}

/** '1 child', '2 children', 'no children'. */
export function countOf(count: number, one: string, many: string): string {
  if (count === 0) return `no ${many}`;
  return `${count} ${count === 1 ? one : many}`;
}

/** A moment of an account's history (a sign-in, a session's last use): '1st Jan 2025, 3:04 pm' (the default). */
export function formatMoment(isoTimestamp: string): string {
  return formatInLocale(isoTimestamp, 'minute');
}

/** An audit-log moment, to the second, since several entries often share a minute: '1st Jan 2025, 3:04:05 pm'. */
export function formatMomentToSecond(isoTimestamp: string): string {
  return formatInLocale(isoTimestamp, 'second');
}
