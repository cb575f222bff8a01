import { usePublicSettings } from '../api/use-public-settings';

/**
 * Times of the day's work (a run's start, a trip's planned and actual times) read in the operator's time zone, the
 * one the schedules are written in, whichever zone the viewer's computer is set to. The server names it in
 * /api/settings; until that has arrived (or if it names none) the browser's own zone stands in.
 */
export function useOperatorTimeZone(): string {
  const { data: settings } = usePublicSettings();
  return settings?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** '07:42': the wall-clock time of an instant in a time zone, 24 hours as schedules are written. */
export function formatClock(isoTimestamp: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(isoTimestamp));
}

/** '07:42:05', for scans, where seconds tell two taps apart. */
export function formatClockSeconds(isoTimestamp: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(isoTimestamp));
}

/**
 * A run's start plus minutes, as the clock reads: '07:30' + 12 → '07:42'. Plain wall-clock arithmetic, which is
 * what a schedule means (a run starting at 07:30 reaches its stop 12 minutes later whatever the date); past
 * midnight it wraps.
 */
export function clockAfter(startTime: string, minutes: number): string {
  const [hours = 0, mins = 0] = startTime.split(':').map(Number);
  const total = (((hours * 60 + mins + minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}
