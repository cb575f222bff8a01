import type { ChildRun, ChildRunState } from '@school-transport/shared';
import { clockAfter, formatClock } from '../../lib/time/operator-time';
import type { Translation } from '../i18n';

/** The words and formats a run's lines need (the screen's useT()). */
export type RunWords = Pick<Translation, 't' | 'formatTime'>;

/** Each state's chip tone: the chip's colour only repeats its words (`state.<STATE>` in parent.json). */
export const STATE_TONES: Record<ChildRunState, 'neutral' | 'info' | 'success' | 'warning' | 'error'> = {
  NOT_STARTED: 'neutral',
  ON_THE_WAY: 'info',
  BOARDED: 'info',
  LEFT: 'success',
  ABSENT: 'neutral',
  CANCELLED: 'error',
  MISSED: 'warning',
};

/**
 * What a run's card says under its state, one sentence a line, times in the operator's zone:
 * 'Stop: Elm Street, planned 07:42', 'Bus KA-12 with driver Priya', 'Expected at 07:45', 'Boarded at 07:43 at Elm Street', …
 */
export function runLines(run: ChildRun, { t, formatTime }: RunWords): string[] {
  const lines: string[] = [];
  if (run.stop)
    lines.push(
      run.plannedTime
        ? t('run.stopPlanned', { stop: run.stop.name, time: run.plannedTime })
        : t('run.stop', { stop: run.stop.name }),
    );
  else if (run.state !== 'ABSENT') lines.push(t('run.noStop'));
  if (run.coming) {
    const { driverName: driver, vehiclePlate: plate, substituteDriver, substituteVehicle } = run.coming;
    lines.push(t('run.coming', { plate, driver }));
    // A cover (decision 054): said in words, so a bus or face the child does not know is expected.
    if (substituteDriver && substituteVehicle) lines.push(t('run.substituteBoth'));
    else if (substituteDriver) lines.push(t('run.substituteDriver', { driver }));
    else if (substituteVehicle) lines.push(t('run.substituteVehicle', { plate }));
  }
  if (run.state === 'ON_THE_WAY')
    lines.push(run.eta ? t('run.expected', { time: formatTime(run.eta) }) : t('run.noEta'));
  if (run.boarded) {
    const { at, stopName } = run.boarded;
    lines.push(
      stopName
        ? t('run.boardedAt', { time: formatTime(at), stop: stopName })
        : t('run.boardedAway', { time: formatTime(at) }),
    );
  }
  if (run.left) {
    const { at, stopName, receivedBy } = run.left;
    lines.push(
      stopName
        ? t('run.leftAt', { time: formatTime(at), stop: stopName })
        : t('run.leftAway', { time: formatTime(at) }),
    );
    // Handed to an authorized adult at drop-off (decision 065): the record of who received the child.
    if (receivedBy) lines.push(t('run.receivedBy', { name: receivedBy.name, relation: receivedBy.relation }));
  }
  // No authorized adult at the stop: where the child is now, under the operator's rule.
  if (run.handOverMiss) {
    const { stopName, rule } = run.handOverMiss;
    lines.push(t(`run.kept.${rule}`, { stop: stopName ?? t('run.kept.theStop') }));
  }
  if (run.state === 'CANCELLED')
    lines.push(run.cancelReason ? t('run.cancelReason', { reason: run.cancelReason }) : t('run.noReason'));
  // The office's word on the day (decision 056): the bus now carrying the child, and how late the run is.
  if (run.rescue) lines.push(t('run.rescue', { plate: run.rescue.vehiclePlate, reason: run.rescue.reason }));
  if (run.delay) lines.push(t('run.delay', { minutes: run.delay.minutes, reason: run.delay.reason }));
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
