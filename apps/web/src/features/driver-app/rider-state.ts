import type {
  Manifest,
  ManifestRider,
  RiderState,
  RidershipFlag,
  RidershipKind,
  ScanMethod,
  TripStop,
} from '@school-transport/shared';

/** An event as the screen needs it: the server's recorded ones and the ones this device made but may not have sent. */
export interface TripEvent {
  eventId: string;
  kind: RidershipKind;
  method: ScanMethod;
  studentId: string | null;
  tagId: string | null;
  occurredAt: string;
  flag: RidershipFlag | null;
}

const STATE_AFTER: Record<RidershipKind, RiderState> = {
  BOARD: 'ON_BUS',
  ALIGHT: 'LEFT',
  NO_SHOW: 'NO_SHOW',
};

/**
 * The events of a trip, the server's and this device's, each once (by its id; the server's copy wins since it
 * knows the child behind a tag and the flags). A tag the device could not place is given the child whose card it
 * is when the manifest knows the tag.
 */
export function mergeEvents(manifest: Manifest, local: TripEvent[]): TripEvent[] {
  const byTag = new Map(
    manifest.riders.filter((rider) => rider.nfcTagId).map((rider) => [rider.nfcTagId, rider.studentId]),
  );
  const merged = new Map<string, TripEvent>();
  for (const event of local) {
    const studentId = event.studentId ?? (event.tagId ? (byTag.get(event.tagId) ?? null) : null);
    merged.set(event.eventId, { ...event, studentId });
  }
  for (const event of manifest.events) merged.set(event.eventId, event);
  return [...merged.values()].sort(byOccurrence);
}

/** Events in the order they happened on the bus, whenever they reached the server; equal times by id. */
function byOccurrence(a: TripEvent, b: TripEvent): number {
  const time = Date.parse(a.occurredAt) - Date.parse(b.occurredAt);
  if (time !== 0) return time;
  return a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0;
}

/** Each rider's state: the last event that happened decides; no event leaves them waiting (or absent). */
export function deriveRiderStates(riders: ManifestRider[], events: TripEvent[]): Map<string, RiderState> {
  const states = new Map<string, RiderState>(
    riders.map((rider) => [rider.studentId, rider.absent ? 'ABSENT' : 'WAITING']),
  );
  for (const event of [...events].sort(byOccurrence)) {
    if (event.studentId && states.has(event.studentId)) states.set(event.studentId, STATE_AFTER[event.kind]);
  }
  return states;
}

/** A scan of a child's card boards them, unless they are on the bus: then it is them leaving. */
export function kindForScan(state: RiderState | undefined): RidershipKind {
  return state === 'ON_BUS' ? 'ALIGHT' : 'BOARD';
}

export function countOnBus(states: Map<string, RiderState>): number {
  let count = 0;
  for (const state of states.values()) if (state === 'ON_BUS') count += 1;
  return count;
}

/**
 * The stop the bus heads for: on a morning run the first stop where a child still waits, on an afternoon run the
 * first stop where a child still has to get off; failing that, the first stop the bus has not left.
 */
export function nextStopPosition(
  manifest: Manifest,
  states: Map<string, RiderState>,
): TripStop['position'] | null {
  const pending: RiderState[] = manifest.type === 'PICKUP' ? ['WAITING'] : ['WAITING', 'ON_BUS'];
  const stops = [...manifest.stops].sort((a, b) => a.position - b.position);
  const withChild = stops.find((stop) =>
    manifest.riders.some(
      (rider) => rider.stopPosition === stop.position && pending.includes(states.get(rider.studentId)!),
    ),
  );
  return (withChild ?? stops.find((stop) => stop.departedAt === null))?.position ?? null;
}
