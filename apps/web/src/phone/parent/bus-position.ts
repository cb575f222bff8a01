import type { ParentBus } from '@school-transport/shared';
import { PARENT_BUS_HIDDEN_AFTER_S, PARENT_BUS_STALE_AFTER_S } from '@school-transport/shared';
import { fixAgeSeconds, formatAge, type Freshness } from '../../lib/live/staleness';

/** What the card shows of the bus at `now`: where and how fresh, or nothing once it is too old to mean anything. */
export type BusView =
  | { shown: true; bus: ParentBus; age: number; freshness: Freshness; text: string }
  | { shown: false; text: string };

export function busView(bus: ParentBus | null, now: number, reason: string | null): BusView {
  if (!bus) return { shown: false, text: reason ?? 'The bus has not sent its position yet.' };
  const age = fixAgeSeconds(bus.recordedAt, now);
  if (age > PARENT_BUS_HIDDEN_AFTER_S)
    return {
      shown: false,
      text: `The bus has not sent its position for ${formatAge(age).replace(' ago', '')}.`,
    };
  if (age > PARENT_BUS_STALE_AFTER_S)
    return { shown: true, bus, age, freshness: 'stale', text: `Last known position, ${formatAge(age)}` };
  return { shown: true, bus, age, freshness: 'fresh', text: `Live position, ${formatAge(age)}` };
}

/** The newer of two positions of the same trip: a late answer of the bus route never moves the bus back. */
export function newerBus(held: ParentBus | null, incoming: ParentBus): ParentBus {
  return held && Date.parse(held.recordedAt) > Date.parse(incoming.recordedAt) ? held : incoming;
}
