import {
  DATE_RANGE,
  MAX_POSITION_ACCURACY_M,
  MESSAGES,
  type positionInputSchema,
  type PositionBatchAnswer,
  type RidershipBatchAnswer,
  type ridershipEventInputSchema,
  type TripStatus,
} from '@school-transport/shared';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { ingestEvents, insertPositions, recordStopVisits, tripsForIngest } from './ridership-queries.js';

type EventInput = z.output<typeof ridershipEventInputSchema>;
type PositionInput = z.output<typeof positionInputSchema>;

/**
 * Events and positions are accepted for a trip that runs and, once it is completed, still: a phone that was in a
 * dead zone sends what it recorded on the way after the driver has finished.
 */
const ACCEPTING: readonly TripStatus[] = ['STARTED', 'COMPLETED'];

const notRunning: Record<TripStatus, string> = {
  PENDING: 'has not started yet: start it first',
  STARTED: 'is running',
  COMPLETED: 'is completed',
  CANCELLED: 'was cancelled',
};

/** Devices may write UUIDs in either case; PostgreSQL answers them in lower case. */
const idOf = (id: string) => id.toLowerCase();

const unique = <T>(values: T[]) => [...new Set(values)];

/**
 * Device times must be calendar times the database can hold and the product means: the shared schema checks the
 * ISO shape, this the range (PostgreSQL has no year 0, and a phone whose clock says 1970 should be told).
 */
function assertTimesInRange(times: string[], field: (index: number) => string) {
  const errors = times.flatMap((at, index) => {
    const day = new Date(at).toISOString().slice(0, 10);
    return day < DATE_RANGE.min || day > DATE_RANGE.max
      ? [{ field: field(index), message: `The time must be between ${DATE_RANGE.min} and ${DATE_RANGE.max}` }]
      : [];
  });
  if (errors.length) throw badRequest(MESSAGES.invalidInput, errors);
}

/** The first of each id: a batch that repeats an id stores it once and counts the rest as duplicates. */
function firstOfEachId<T>(items: T[], idOfItem: (item: T) => string) {
  const seen = new Set<string>();
  return items.filter((item) => {
    const id = idOfItem(item);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

export interface RidershipServiceDeps {
  db: Database;
  clock: Clock;
}

/**
 * The driver app's events and positions. Each is stored once by the id the device gave it, so a batch sent again
 * after a lost answer, or replayed from an outbox in any order, changes nothing; a child's state is derived from
 * the events by when they happened (rider-states.ts).
 */
export function createRidershipService({ db, clock }: RidershipServiceDeps) {
  /**
   * The batch's trips, each checked to be the driver's and running; a single trip failing refuses the whole batch,
   * so the device keeps it and nothing half-stored needs explaining. Not locked until the batch is stored: a trip
   * cancelled in between gets the events it was sent, which is what happened on the bus anyway. A trip of another
   * driver answers as one that does not exist, so trip ids are not confirmed (decision 024).
   */
  async function tripsOfDriver(userId: string, tripIds: string[]) {
    const rows = await tripsForIngest(db, userId, tripIds);
    const byId = new Map(rows.filter((row) => row.yours).map((row) => [row.id, row]));
    for (const id of tripIds) {
      if (!byId.has(id)) throw notFound(`Trip ${id} was not found; nothing was recorded.`);
    }
    for (const row of byId.values()) {
      if (!ACCEPTING.includes(row.status))
        throw conflict(`This trip ${notRunning[row.status]}; nothing was recorded.`);
    }
    return byId;
  }

  return {
    async recordEvents(userId: string, input: EventInput[]): Promise<RidershipBatchAnswer> {
      assertTimesInRange(
        input.map((event) => event.occurredAt),
        (index) => `events.${index}.occurredAt`,
      );
      const events = input.map((event) => ({
        eventId: idOf(event.eventId),
        tripId: idOf(event.tripId),
        kind: event.kind,
        method: event.method,
        // A student id that matches nobody (a child deleted while the phone was offline) is kept like an
        // unknown tag: refusing it would leave the device's outbox stuck on it for ever.
        studentId: event.studentId ? idOf(event.studentId) : null,
        tagId: event.tagId ?? null,
        occurredAt: new Date(event.occurredAt).toISOString(),
        lat: event.lat ?? null,
        lng: event.lng ?? null,
        accuracy: event.accuracy ?? null,
      }));
      await tripsOfDriver(userId, unique(events.map((event) => event.tripId)));
      const stored = await ingestEvents(
        db,
        firstOfEachId(events, (event) => event.eventId),
        {
          receivedAt: clock(),
          recordedBy: userId,
        },
      );
      // A scan made with a location says where the bus was, as a position does: the stop timeline takes it in.
      const tripOfLocated = new Map(
        events.filter((event) => event.lat !== null).map((event) => [event.eventId, event.tripId]),
      );
      const placed = stored.filter((outcome) => outcome.created && tripOfLocated.has(outcome.eventId));
      await recordStopVisits(db, unique(placed.map((outcome) => tripOfLocated.get(outcome.eventId)!)));
      const byId = new Map(stored.map((outcome) => [outcome.eventId, outcome]));
      const answered = new Set<string>();
      const outcomes = events.map(({ eventId }) => {
        const { created, ...outcome } = byId.get(eventId)!;
        // An id sent twice in one batch is stored once: its second copy is a duplicate like any other.
        const duplicate = !created || answered.has(eventId);
        answered.add(eventId);
        return { ...outcome, duplicate };
      });
      const created = stored.filter((outcome) => outcome.created).length;
      return { created, duplicates: events.length - created, outcomes };
    },

    async recordPositions(userId: string, input: PositionInput[]): Promise<PositionBatchAnswer> {
      assertTimesInRange(
        input.map((position) => position.recordedAt),
        (index) => `positions.${index}.recordedAt`,
      );
      const positions = input.map((position) => ({
        ...position,
        positionId: idOf(position.positionId),
        tripId: idOf(position.tripId),
      }));
      const trips = await tripsOfDriver(userId, unique(positions.map((position) => position.tripId)));
      const kept = positions.filter(
        (position) => position.accuracy === undefined || position.accuracy <= MAX_POSITION_ACCURACY_M,
      );
      const now = clock();
      const rows = firstOfEachId(kept, (position) => position.positionId).map((position) => ({
        positionId: position.positionId,
        tripId: position.tripId,
        vehicleId: trips.get(position.tripId)!.vehicleId,
        lat: position.lat,
        lng: position.lng,
        accuracy: position.accuracy ?? null,
        speed: position.speed ?? null,
        heading: position.heading ?? null,
        recordedAt: new Date(position.recordedAt),
        receivedAt: now,
        source: 'APP',
      }));
      const created = rows.length ? (await insertPositions(db, rows)).length : 0;
      if (created > 0) await recordStopVisits(db, unique(rows.map((row) => row.tripId)));
      return {
        created,
        duplicates: kept.length - created,
        dropped: positions.length - kept.length,
      };
    },
  };
}
export type RidershipService = ReturnType<typeof createRidershipService>;
