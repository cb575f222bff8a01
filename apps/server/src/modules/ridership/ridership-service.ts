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
import type { Database, Executor } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { tripInWords, type AlertInput, type AlertService } from '../alerts/alert-service.js';
import { absentStudentIds } from '../calendar/absence-queries.js';
import type { LiveLog } from '../live/live-log.js';
import { positionEvents, ridershipEvent, stopsEvent } from './ridership-live.js';
import {
  ingestEvents,
  insertPositions,
  recordStopVisits,
  tripsForIngest,
  type IngestEvent,
  type IngestOutcome,
} from './ridership-queries.js';

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

type IngestTrip = Awaited<ReturnType<typeof tripsForIngest>>[number];

/**
 * The alerts a batch raises, from the events stored now: a child of another bus (WRONG_BUS), and a child marked
 * absent for the trip's day and run who boarded (ABSENT_SCANNED). One per child per trip, however often scanned.
 */
async function alertsOfIngest(
  tx: Executor,
  stored: { event: IngestEvent; outcome: IngestOutcome }[],
  trips: Map<string, IngestTrip>,
  at: Date,
): Promise<AlertInput[]> {
  const alerts: AlertInput[] = [];
  for (const { event, outcome } of stored) {
    if (outcome.flag !== 'WRONG_BUS') continue;
    alerts.push({
      kind: 'WRONG_BUS',
      cause: `WRONG_BUS:${event.tripId}:${outcome.studentId ?? event.tagId}`,
      tripId: event.tripId,
      studentId: outcome.studentId,
      message: `A child who is not seated on this bus was scanned on ${tripInWords(trips.get(event.tripId)!)}.`,
      raisedAt: at,
    });
  }
  const boarded = stored.filter(({ event, outcome }) => event.kind === 'BOARD' && outcome.studentId);
  for (const tripId of unique(boarded.map(({ event }) => event.tripId))) {
    const trip = trips.get(tripId)!;
    const absent = await absentStudentIds(tx, trip.tripDate, trip.type);
    const scanned = boarded.filter(
      ({ event, outcome }) => event.tripId === tripId && absent.has(outcome.studentId!),
    );
    for (const studentId of unique(scanned.map(({ outcome }) => outcome.studentId!)))
      alerts.push({
        kind: 'ABSENT_SCANNED',
        cause: `ABSENT_SCANNED:${tripId}:${studentId}`,
        tripId,
        studentId,
        message: `A child marked absent for ${tripInWords(trip)} was scanned boarding it.`,
        raisedAt: at,
      });
  }
  return alerts;
}

export interface RidershipServiceDeps {
  db: Database;
  clock: Clock;
  /** What is stored goes on the live stream, in the same transaction. */
  live: LiveLog;
  /** What a batch shows (a child of another bus, an absent child) raises alerts, in the same transaction. */
  alerts: Pick<AlertService, 'raise'>;
}

/**
 * The driver app's events and positions. Each is stored once by the id the device gave it, so a batch sent again
 * after a lost answer, or replayed from an outbox in any order, changes nothing; a child's state is derived from
 * the events by when they happened (rider-states.ts).
 */
export function createRidershipService({ db, clock, live, alerts }: RidershipServiceDeps) {
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
      const trips = await tripsOfDriver(userId, unique(events.map((event) => event.tripId)));
      const batch = firstOfEachId(events, (event) => event.eventId);
      const eventById = new Map(batch.map((event) => [event.eventId, event]));
      const receivedAt = clock();
      // The events, what the stream is told of them and the alerts they raise commit together or not at all. The
      // events' driver is the caller: drivenBy let through only trips whose driver record is theirs.
      const { stored, wroteLive } = await db.transaction(async (tx) => {
        const stored = await ingestEvents(tx, batch, { receivedAt, recordedBy: userId });
        const created = stored
          .filter((outcome) => outcome.created)
          .map((outcome) => ({ outcome, event: eventById.get(outcome.eventId)! }));
        if (!created.length) return { stored, wroteLive: false };
        // A scan made with a location says where the bus was, as a position does: the stop timeline takes it in.
        const located = created.filter(({ event }) => event.lat !== null);
        const moved = await recordStopVisits(
          tx,
          located.map(({ event }) => ({
            tripId: event.tripId,
            at: new Date(event.occurredAt),
            lat: event.lat!,
            lng: event.lng!,
            speed: null,
          })),
        );
        await live.write(tx, [
          ...created.map(({ event, outcome }) =>
            ridershipEvent(
              {
                tripId: event.tripId,
                eventId: event.eventId,
                kind: event.kind,
                studentId: outcome.studentId,
                studentName: outcome.studentName,
                flag: outcome.flag,
                occurredAt: event.occurredAt,
              },
              userId,
            ),
          ),
          ...moved.map((tripId) => stopsEvent(tripId, userId)),
        ]);
        await alerts.raise(tx, await alertsOfIngest(tx, created, trips, receivedAt));
        return { stored, wroteLive: true };
      });
      if (wroteLive) live.committed();
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
      // The fixes, the newest one of each trip on the live stream and the stop timelines commit together.
      const { created, wroteLive } = !rows.length
        ? { created: 0, wroteLive: false }
        : await db.transaction(async (tx) => {
            const inserted = await insertPositions(tx, rows);
            const insertedIds = new Set(inserted.map((row) => row.positionId));
            const tripIds = unique(
              rows.filter((row) => insertedIds.has(row.positionId)).map((row) => row.tripId),
            );
            // The fixes' driver is the caller: drivenBy let through only trips whose driver record is theirs.
            const events = [
              ...(await positionEvents(tx, insertedIds, tripIds, () => userId)),
              ...(
                await recordStopVisits(
                  tx,
                  rows
                    .filter((row) => insertedIds.has(row.positionId))
                    .map(({ tripId, recordedAt, lat, lng, speed }) => ({
                      tripId,
                      at: recordedAt,
                      lat,
                      lng,
                      speed,
                    })),
                )
              ).map((tripId) => stopsEvent(tripId, userId)),
            ];
            await live.write(tx, events);
            return { created: inserted.length, wroteLive: events.length > 0 };
          });
      if (wroteLive) live.committed();
      return {
        created,
        duplicates: kept.length - created,
        dropped: positions.length - kept.length,
      };
    },
  };
}
export type RidershipService = ReturnType<typeof createRidershipService>;
