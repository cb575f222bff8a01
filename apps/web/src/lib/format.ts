import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';

// 'Do' (1st, 2nd, 3rd…) comes from this plugin.
dayjs.extend(advancedFormat);

/** Every date but a trip's reads like '1st Jan 2025', in the viewer's time zone. */
export function formatDate(isoDate: string): string {
  return dayjs(isoDate).format('Do MMM YYYY');
}

/** A trip's moments read like '1st Jan 25, 3:04:05 pm', in the viewer's time zone. */
export function formatTripMoment(isoTimestamp: string): string {
  return dayjs(isoTimestamp).format('Do MMM YY, h:mm:ss a');
}

/** A trip's day (YYYY-MM-DD, a calendar day, read as local) in the same style: '1st Jan 25'. */
export function formatTripDay(day: string): string {
  return dayjs(day).format('Do MMM YY');
}

/** Today's calendar day in the viewer's time zone, as date inputs and the API take it: '2026-03-02'. */
export function localToday(): string {
  return dayjs().format('YYYY-MM-DD');
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

/** '1 child', '2 children', 'no children'. */
export function countOf(count: number, one: string, many: string): string {
  if (count === 0) return `no ${many}`;
  return `${count} ${count === 1 ? one : many}`;
}

/** A moment of an account's history (a sign-in, a session's last use): '1st Jan 2025, 3:04 pm'. */
export function formatMoment(isoTimestamp: string): string {
  return dayjs(isoTimestamp).format('Do MMM YYYY, h:mm a');
}

/** An audit-log moment, to the second, since several entries often share a minute: '1st Jan 2025, 3:04:05 pm'. */
export function formatMomentToSecond(isoTimestamp: string): string {
  return dayjs(isoTimestamp).format('Do MMM YYYY, h:mm:ss a');
}
