/**
 * How old a bus's last position is, judged in the browser against its own clock (the server sends only when the
 * fix was recorded): parents and dispatchers stop trusting a map that shows an old position as if it were live.
 */

/** Up to this age a position counts as live. */
export const FRESH_SECONDS = 15;
/** Past this age the bus is flagged: it has stopped sending (no signal, a tracker off, a phone in a pocket). */
export const LOST_SECONDS = 60;

export type Freshness = 'fresh' | 'stale' | 'lost';

/** Whole seconds since `recordedAt` at `now` (ms). A fix stamped slightly ahead of this clock counts as new. */
export function fixAgeSeconds(recordedAt: string, now: number): number {
  const age = Math.floor((now - Date.parse(recordedAt)) / 1000);
  return Number.isFinite(age) ? Math.max(0, age) : 0;
}

export function freshnessOf(ageSeconds: number): Freshness {
  if (ageSeconds > LOST_SECONDS) return 'lost';
  if (ageSeconds > FRESH_SECONDS) return 'stale';
  return 'fresh';
}

/** '1 min', '12 min', '1 h 5 min': whole minutes, as a person says how long something has lasted. */
function spanOfMinutes(ageSeconds: number): string {
  const minutes = Math.floor(ageSeconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest === 0 ? `${Math.floor(minutes / 60)} h` : `${Math.floor(minutes / 60)} h ${rest} min`;
}

/** '40 s ago', '2 min ago', '1 h 5 min ago'. */
export function formatAge(ageSeconds: number): string {
  if (ageSeconds < 60) return `${ageSeconds} s ago`;
  return `${spanOfMinutes(ageSeconds)} ago`;
}

/**
 * What the screen says about a bus's signal, in words (never by colour alone): 'Live, 3 s ago', 'Last fix 40 s
 * ago', 'No signal for 2 min'; and 'No position yet' for a started trip that has sent none.
 */
export function signalText(ageSeconds: number | null): string {
  if (ageSeconds === null) return 'No position yet';
  switch (freshnessOf(ageSeconds)) {
    case 'fresh':
      return `Live, ${formatAge(ageSeconds)}`;
    case 'stale':
      return `Last fix ${formatAge(ageSeconds)}`;
    case 'lost':
      return `No signal for ${spanOfMinutes(ageSeconds)}`;
  }
}

/**
 * A trip against its plan: '4 min late', '2 min early', 'on time' (within half a minute either way); null when
 * there is no plan to compare with.
 */
export function latenessText(lateMinutes: number | null): string | null {
  if (lateMinutes === null) return null;
  const whole = Math.round(lateMinutes);
  if (whole === 0) return 'on time';
  return whole > 0 ? `${whole} min late` : `${-whole} min early`;
}
