import {
  byOccurrence,
  riderStates,
  type Manifest,
  type ManifestRider,
  type RiderState,
  type RidershipFlag,
  type RidershipKind,
  type ScanMethod,
  type TripStop,
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

/** What the server answered about one of this device's events, before the manifest carries it. */
export interface EventOutcome {
  studentId: string | null;
  flag: RidershipFlag | null;
}

/**
 * The events of a trip, the server's and this device's, each once (by its id; the server's copy wins since it
 * knows the child behind a tag and the flags). A tag the device could not place is given the child whose card it
 * is when the manifest knows the tag. The server may keep another bus's child from the driver (no id in its
 * copy): the id this device scanned is then kept, so that child can still be followed on this screen.
 */
export function mergeEvents(
  manifest: Manifest,
  local: TripEvent[],
  outcomes: ReadonlyMap<string, EventOutcome> = new Map(),
): TripEvent[] {
  const byTag = new Map(
    manifest.riders.filter((rider) => rider.nfcTagId).map((rider) => [rider.nfcTagId, rider.studentId]),
  );
  const merged = new Map<string, TripEvent>();
  for (const event of local) {
    const outcome = outcomes.get(event.eventId);
    const studentId =
      event.studentId ?? outcome?.studentId ?? (event.tagId ? (byTag.get(event.tagId) ?? null) : null);
    merged.set(event.eventId, { ...event, studentId, flag: outcome?.flag ?? event.flag });
  }
  for (const event of manifest.events) {
    const mine = merged.get(event.eventId);
    merged.set(event.eventId, { ...event, studentId: event.studentId ?? mine?.studentId ?? null });
  }
  return [...merged.values()].sort(byOccurrence);
}

/** Key of a child who is not on the trip's list and whose id this device does not know: their card's tag. */
const tagKey = (tagId: string) => `tag:${tagId}`;

/**
 * Who an event (or a scan) is about: the child's id, or `tag:<id>` for a card no event has tied to a child yet;
 * null for nobody (a tag the server knows no child for). The same card scanned again resolves to the same key,
 * whether the server has answered for the first scan or not.
 */
export function childResolver(
  riders: ManifestRider[],
  events: TripEvent[],
): (target: { studentId?: string | null; tagId?: string | null }) => string | null {
  const studentOfTag = new Map<string, string>();
  for (const rider of riders) if (rider.nfcTagId) studentOfTag.set(rider.nfcTagId, rider.studentId);
  const unknownTags = new Set<string>();
  for (const event of events) {
    if (!event.tagId) continue;
    if (event.studentId) studentOfTag.set(event.tagId, event.studentId);
    else if (event.flag === 'UNKNOWN_TAG') unknownTags.add(event.tagId);
  }
  return ({ studentId, tagId }) => {
    if (studentId) return studentId;
    if (!tagId) return null;
    const known = studentOfTag.get(tagId);
    if (known) return known;
    return unknownTags.has(tagId) ? null : tagKey(tagId);
  };
}

/**
 * Each child's state by the shared rule (riderStates), over the server's events and this device's. Children not on
 * the trip's list (another bus's child scanned here) are in it too, under their resolver key, as the server counts
 * them on board when it decides whether the trip may finish.
 */
export function deriveRiderStates(riders: ManifestRider[], events: TripEvent[]): Map<string, RiderState> {
  return riderStates(events, { expected: riders, childOf: childResolver(riders, events) });
}

/** A child on the bus who is not on this trip's list. */
export interface OtherChild {
  key: string;
  /** What to record their leaving with: their id when this device knows it, else their card's tag. */
  target: { studentId: string } | { tagId: string };
  tagId: string | null;
  /** Only when the server gave it; it keeps other buses' children's names from drivers. */
  name: string | null;
  flag: RidershipFlag | null;
  state: RiderState;
}

/** The children scanned on this trip who are not on its list, in the order they were first scanned. */
export function otherChildren(
  riders: ManifestRider[],
  events: TripEvent[],
  states: Map<string, RiderState>,
): OtherChild[] {
  const listed = new Set(riders.map((rider) => rider.studentId));
  const keyOf = childResolver(riders, events);
  const others = new Map<string, OtherChild>();
  for (const event of [...events].sort(byOccurrence)) {
    const key = keyOf(event);
    if (!key || listed.has(key)) continue;
    const seen = others.get(key);
    const name = (event as { studentName?: string | null }).studentName ?? seen?.name ?? null;
    const tagId = event.tagId ?? seen?.tagId ?? null;
    others.set(key, {
      key,
      target: key.startsWith('tag:') ? { tagId: key.slice(4) } : { studentId: key },
      tagId,
      name,
      flag: event.flag ?? seen?.flag ?? null,
      state: states.get(key) ?? 'WAITING',
    });
  }
  return [...others.values()];
}

/** A scan of a child's card boards them, unless they are on the bus: then it is them leaving. */
export function kindForScan(state: RiderState | undefined): RidershipKind {
  return state === 'ON_BUS' ? 'ALIGHT' : 'BOARD';
}

/**
 * The children still due at the stop at `position`: on a morning run those who still wait there, on an afternoon
 * run those who still have to get off there.
 */
export function dueAtStop(
  manifest: Manifest,
  states: Map<string, RiderState>,
  position: TripStop['position'],
): ManifestRider[] {
  const pending: RiderState[] = manifest.type === 'PICKUP' ? ['WAITING'] : ['WAITING', 'ON_BUS'];
  return manifest.riders.filter(
    (rider) => rider.stopPosition === position && pending.includes(states.get(rider.studentId)!),
  );
}

/**
 * The stop the bus heads for: the first stop where a child is still due (dueAtStop); failing that, the first stop
 * the bus has not left.
 */
export function nextStopPosition(
  manifest: Manifest,
  states: Map<string, RiderState>,
): TripStop['position'] | null {
  const stops = [...manifest.stops].sort((a, b) => a.position - b.position);
  const withChild = stops.find((stop) => dueAtStop(manifest, states, stop.position).length > 0);
  return (withChild ?? stops.find((stop) => stop.departedAt === null))?.position ?? null;
}
