import type { RidershipKind } from '@school-transport/shared';

/** The states a child's events can lead to; WAITING and ABSENT come from elsewhere (no events, the calendar). */
export type EventRiderState = 'ON_BUS' | 'LEFT' | 'NO_SHOW';

export interface RiderEvent {
  eventId: string;
  studentId: string | null;
  kind: RidershipKind;
  occurredAt: Date | string;
}

const stateOfKind: Record<RidershipKind, EventRiderState> = {
  BOARD: 'ON_BUS',
  ALIGHT: 'LEFT',
  NO_SHOW: 'NO_SHOW',
};

function timeOf(value: Date | string) {
  return value instanceof Date ? value.getTime() : Date.parse(value);
}

/**
 * Each child's state by the time the events HAPPENED, not by when they reached the server: a phone that was
 * offline sends its morning scans after later ones from another phone, and the answer must not depend on that.
 * Ties on time are broken by event id so that every replay gives the same answer. The last event wins, which
 * also makes a NO_SHOW followed by a BOARD (the child ran up late) ON_BUS, and BOARD-ALIGHT-BOARD ON_BUS again.
 * Events without a child (unknown tags) change nobody's state.
 */
export function deriveRiderStates(events: readonly RiderEvent[]): Map<string, EventRiderState> {
  const ordered = events
    .filter((event): event is RiderEvent & { studentId: string } => event.studentId !== null)
    // Lower case: PostgreSQL orders UUIDs as their lower-case text would be, devices may send either case.
    .map((event) => ({ event, at: timeOf(event.occurredAt), id: event.eventId.toLowerCase() }))
    .sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const states = new Map<string, EventRiderState>();
  for (const { event } of ordered) states.set(event.studentId, stateOfKind[event.kind]);
  return states;
}
