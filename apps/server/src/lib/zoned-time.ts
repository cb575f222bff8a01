/**
 * Wall-clock dates and times in the operator's time zone (config TIME_ZONE), with nothing but Intl: a run that
 * starts at 07:30 starts at 07:30 local time on both sides of a daylight-saving change.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
/** One formatter per zone: building one is far slower than formatting with it. */
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock in `timeZone` at `instant`, as numbers. */
function wallClock(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar day, YYYY-MM-DD, that `instant` falls on in `timeZone`: "today" as the office sees it. */
export function zonedDate(instant: Date, timeZone: string): string {
  const { year, month, day } = wallClock(instant, timeZone);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The time of day, HH:MM (24 hours), that `instant` reads in `timeZone`: how people are told "when". */
export function zonedClockTime(instant: Date, timeZone: string): string {
  const { hour, minute } = wallClock(instant, timeZone);
  return `${pad(hour)}:${pad(minute)}`;
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - (instant.getTime() - instant.getMilliseconds());
}

const DAY_MS = 86_400_000;

/**
 * The instant the wall clock in `timeZone` reads `time` (HH:MM or HH:MM:SS) on `date` (YYYY-MM-DD). Zones change
 * their offset at most once in a day, so the answer is the wall time minus the offset of the day before or of the
 * day after, whichever reads back right. A time that happens twice at a fall-back change is its first occurrence;
 * a time skipped by a spring-forward change (01:30 in London on the last Sunday of March) is read with the offset
 * from before the change, i.e. an hour later on the new clock (02:30), as calendar programs do.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute, second = 0] = time.split(':').map(Number) as [number, number, number?];
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const before = offsetAt(new Date(wall - DAY_MS), timeZone);
  const after = offsetAt(new Date(wall + DAY_MS), timeZone);
  const readsBack = (offset: number) => offsetAt(new Date(wall - offset), timeZone) === offset;
  const valid = [before, after].filter(readsBack).map((offset) => wall - offset);
  return new Date(valid.length ? Math.min(...valid) : wall - before);
}

/** `date` (YYYY-MM-DD) moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Monday to Friday: the days that are school days unless the calendar says otherwise. */
export function isWeekday(date: string): boolean {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}
