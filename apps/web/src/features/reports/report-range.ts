import { reportRangeSchema, type ReportRange } from '@school-transport/shared';

/** The days a report covers when none are chosen: the last 30, today included. */
export const DEFAULT_DAYS = 30;

/** The operator's calendar day now, YYYY-MM-DD: 'today' is the operator's, wherever the office sits. */
export function operatorToday(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
}

/** `day` moved by `days` calendar days (UTC arithmetic on the date alone, so no time zone shifts it). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The range in the address (`?from=…&to=…`) when it is a valid one, else the last DEFAULT_DAYS days. */
export function rangeFromSearch(search: URLSearchParams, today: string): ReportRange {
  const parsed = reportRangeSchema.safeParse({ from: search.get('from'), to: search.get('to') });
  return parsed.success ? parsed.data : { from: addDays(today, 1 - DEFAULT_DAYS), to: today };
}
