import type { ParentBus } from '@school-transport/shared';
import {
  PARENT_BUS_HIDDEN_AFTER_S,
  PARENT_BUS_STALE_AFTER_S,
} from '@school-transport/shared/parent-portal-constants';
import { fixAgeSeconds, type Freshness } from '../../lib/live/staleness';
import type { Translation } from '../i18n';

type Words = Translation['t'];

/** What the card shows of the bus at `now`: where and how fresh, or nothing once it is too old to mean anything. */
export type BusView =
  | { shown: true; bus: ParentBus; age: number; freshness: Freshness; text: string }
  | { shown: false; text: string };

/** A span of whole minutes as a person says it: '1 min', '12 min', '1 h 5 min' (`prefix` 'span' or 'age'). */
function minutesText(t: Words, prefix: 'span' | 'age', ageSeconds: number): string {
  const minutes = Math.floor(ageSeconds / 60);
  if (minutes < 60) return t(`${prefix}.minutes`, { count: minutes });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0
    ? t(`${prefix}.hours`, { count: hours })
    : t(`${prefix}.hoursMinutes`, { hours, minutes: rest });
}

/** '40 s ago', '2 min ago', '1 h 5 min ago', in the screen's language. */
export function ageText(t: Words, ageSeconds: number): string {
  return ageSeconds < 60 ? t('age.seconds', { count: ageSeconds }) : minutesText(t, 'age', ageSeconds);
}

export function busView(bus: ParentBus | null, now: number, reason: string | null, t: Words): BusView {
  if (!bus) return { shown: false, text: reason ?? t('bus.noPosition') };
  const age = fixAgeSeconds(bus.recordedAt, now);
  if (age > PARENT_BUS_HIDDEN_AFTER_S)
    return { shown: false, text: t('bus.silentFor', { span: minutesText(t, 'span', age) }) };
  if (age > PARENT_BUS_STALE_AFTER_S)
    return { shown: true, bus, age, freshness: 'stale', text: t('bus.stale', { age: ageText(t, age) }) };
  return { shown: true, bus, age, freshness: 'fresh', text: t('bus.live', { age: ageText(t, age) }) };
}

/** The newer of two positions of the same trip: a late answer of the bus route never moves the bus back. */
export function newerBus(held: ParentBus | null, incoming: ParentBus): ParentBus {
  return held && Date.parse(held.recordedAt) > Date.parse(incoming.recordedAt) ? held : incoming;
}
