import type { ClockAction, DriverHours } from '@school-transport/shared';
import { readStorage, removeStorage, writeStorage } from '../../lib/device/storage';

/**
 * The clock taps made on this phone that the Hours screen cannot yet read back from the server (decision 074):
 * the outbox holds them to send, this remembers them to show, so a driver who clocks in in a dead zone sees
 * "clocked in since 06:58" at once, not the server's last answer. One list per driver (a phone may be shared).
 */
const PREFIX = '__driver_clock__';

export interface JournalTap {
  clientId: string;
  action: ClockAction;
  /** The tap's time, as sent to the server. */
  occurredAt: string;
}

export function readClockJournal(owner: string): JournalTap[] {
  try {
    return JSON.parse(readStorage(PREFIX + owner) ?? '[]') as JournalTap[];
  } catch {
    return [];
  }
}

export function addToClockJournal(owner: string, tap: JournalTap): void {
  writeStorage(PREFIX + owner, JSON.stringify([...readClockJournal(owner), tap]));
}

export function writeClockJournal(owner: string, taps: JournalTap[]): void {
  if (taps.length === 0) removeStorage(PREFIX + owner);
  else writeStorage(PREFIX + owner, JSON.stringify(taps));
}

export function clearClockJournals(): void {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

/** Whether the server's answer shows the tap: a shift tapped in or out at exactly its time. */
export function serverHasTap(hours: DriverHours, tap: JournalTap): boolean {
  const shifts = hours.openShift ? [hours.openShift, ...hours.recent] : hours.recent;
  const at = Date.parse(tap.occurredAt);
  return shifts.some((shift) => {
    const tapped = tap.action === 'IN' ? shift.tappedInAt : shift.tappedOutAt;
    return tapped !== null && Date.parse(tapped) === at;
  });
}

/** What the screen shows: clocked in since when (null: not clocked in), and whether that still waits to be sent. */
export function clockState(
  hours: DriverHours | undefined,
  pending: readonly JournalTap[],
): { since: string | null; waiting: boolean } {
  const last = pending.at(-1);
  if (last) return { since: last.action === 'IN' ? last.occurredAt : null, waiting: true };
  return { since: hours?.openShift?.clockInAt ?? null, waiting: false };
}
