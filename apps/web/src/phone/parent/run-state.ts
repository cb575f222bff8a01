import type { ChildRun, ChildRunState, Run } from '@school-transport/shared';
import { clockAfter, formatClock } from '../../lib/time/operator-time';

/** How a parent names a run. */
export const RUN_TITLES: Record<Run, string> = { PICKUP: 'Morning', DROP: 'Afternoon' };

/** Each state in words (the chip's colour only repeats them). */
export const STATE_LABELS: Record<ChildRunState, string> = {
  NOT_STARTED: 'Not started',
  ON_THE_WAY: 'Bus on the way',
  BOARDED: 'On the bus',
  LEFT: 'Left the bus',
  ABSENT: 'Not riding',
  CANCELLED: 'Cancelled',
  MISSED: 'Did not board',
};

export type ChipColor = 'default' | 'info' | 'primary' | 'success' | 'warning' | 'error';

export const STATE_COLORS: Record<ChildRunState, ChipColor> = {
  NOT_STARTED: 'default',
  ON_THE_WAY: 'info',
  BOARDED: 'primary',
  LEFT: 'success',
  ABSENT: 'default',
  CANCELLED: 'error',
  MISSED: 'warning',
};

const placeOf = (stopName: string | null) => (stopName ? `at ${stopName}` : 'away from a stop');

/**
 * What a run's card says under its state, one sentence a line, times in the operator's zone:
 * 'Stop: Elm Street, planned 07:42', 'Expected at 07:45', 'Boarded at 07:43 at Elm Street', …
 */
export function runLines(run: ChildRun, timeZone: string): string[] {
  const lines: string[] = [];
  if (run.stop) lines.push(`Stop: ${run.stop.name}${run.plannedTime ? `, planned ${run.plannedTime}` : ''}`);
  else if (run.state !== 'ABSENT') lines.push('No bus stop on this run.');
  if (run.state === 'ON_THE_WAY') {
    lines.push(run.eta ? `Expected at ${formatClock(run.eta, timeZone)}` : 'No arrival time yet.');
  }
  if (run.boarded)
    lines.push(`Boarded at ${formatClock(run.boarded.at, timeZone)} ${placeOf(run.boarded.stopName)}`);
  if (run.left)
    lines.push(`Left the bus at ${formatClock(run.left.at, timeZone)} ${placeOf(run.left.stopName)}`);
  if (run.state === 'CANCELLED')
    lines.push(run.cancelReason ? `Reason: ${run.cancelReason}` : 'No reason given.');
  return lines;
}

/** The last time a parent may mark the run absent or undo it: cut-off minutes before the planned time. */
export function cutoffClock(plannedTime: string, cutoffMinutes: number): string {
  return clockAfter(plannedTime, -cutoffMinutes);
}

/** 'HH:MM' now in the operator's zone, to compare with a cut-off on the same day. */
export const clockNow = (now: number, timeZone: string) => formatClock(new Date(now).toISOString(), timeZone);

/**
 * Whether "undo" is offered: only the parent's own absence (the office's stays), and on today's date only before
 * the cut-off. The server decides in the end; this only spares a button that would be refused.
 */
export function canUndoAbsence(
  run: ChildRun,
  {
    email,
    isToday,
    nowClock,
    cutoffMinutes,
  }: { email: string; isToday: boolean; nowClock: string; cutoffMinutes: number },
): boolean {
  if (!run.absence || run.absence.by?.toLowerCase() !== email.toLowerCase()) return false;
  if (!isToday || !run.plannedTime) return true;
  return nowClock < cutoffClock(run.plannedTime, cutoffMinutes);
}
