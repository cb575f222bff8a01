import type { StopChange } from '@school-transport/shared';
import { formatDate } from '../../lib/time/format';

const WEEKDAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** An ISO weekday (1 Monday … 7 Sunday) as the office reads it. */
export const weekdayName = (day: number) => WEEKDAY_NAMES[day - 1] ?? String(day);

export const RUN_LABELS = { PICKUP: 'Morning', DROP: 'Afternoon', BOTH: 'Both runs' } as const;

/** When a change holds: 'Tue, 3rd Mar 2026' or 'Every Mon, Wed from 2nd Mar 2026'. */
export function whenOf(change: Pick<StopChange, 'kind' | 'date' | 'weekdays' | 'validFrom' | 'validUntil'>) {
  if (change.kind === 'ONE_OFF') return formatDate(change.date!);
  const days = `Every ${(change.weekdays ?? []).map(weekdayName).join(', ')}`;
  const from = change.validFrom ? ` from ${formatDate(change.validFrom)}` : '';
  const until = change.validUntil ? ` until ${formatDate(change.validUntil)}` : '';
  return `${days}${from}${until}`;
}

/** 'Route 7 · Mill Lane', or what stands in for a child seated nowhere. */
export const placeOf = (place: StopChange['from']) =>
  place.routeName ? `${place.routeName} · ${place.stopName ?? 'their own pickup point'}` : 'No seat';
