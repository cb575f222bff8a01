import {
  DATE_RANGE,
  MAX_POSITION_ACCURACY_M,
  type HandOverMissAnswer,
  type handOverMissInputSchema,
  type positionInputSchema,
  type PositionBatchAnswer,
  type RidershipBatchAnswer,
  type ridershipEventInputSchema,
} from '@school-transport/shared';
import type { z } from 'zod';
import type { Database, Executor } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { AppError, refusal, wordedField } from '../../../lib/errors.js';
import { createGroupCommit, type GroupCommit } from '../../../lib/group-commit.js';
import { type AlertInput, type AlertService, tripInWords } from '../alerts/index.js';
import { absentStudentIds } from '../calendar/index.js';
import type { LiveLog } from '../live/index.js';
import { insertMiss, tripStopName, type HandOverService } from '../hand-over/index.js';
import { enqueueNotifications, type NotificationDispatcher } from '../notifications/index.js';
import { familiesOnTrips } from '../trips/index.js';
import { timeOutsideSpan, uploadRefusal, type UploadKind } from '../../../lib/trip-window.js';
import { positionEvents, ridershipEvent, stopsEvent } from './ridership-live.js';
import { noAdultNotifications, riderNotifications } from './ridership-notifications.js';
import {
  ingestEvents,
  insertPositions,
  recordStopVisits,
  tripsForIngest,
  type NewVehiclePosition,
  type IngestEvent,
  type IngestOutcome,
} from './ridership-queries.js';

type EventInput = z.output<typeof ridershipEventInputSchema>;
type PositionInput = z.output<typeof positionInputSchema>;
type MissInput = z.output<typeof handOverMissInputSchema>;

/** One request's fixes, checked and ready to store (see positionCommits). */
interface PositionRequest {
  userId: string;
  /** Every trip the request names, checked in its batch (see writePositions). */
  tripIds: string[];
  rows: (Omit<NewVehiclePosition, 'vehicleId'> & {
    tripId: string;
    recordedAt: Date;
    speed: number | null;
  })[];
}

/**
 * Requests written in one transaction at most: enough to share a commit among every bus of a large operator
 * reporting at once, few enough that one transaction stays short.
 */
const POSITION_BATCH_REQUESTS = 200;
/**
 * Past this many position requests waiting, a new one is refused with 503 and Retry-After: the driver app keeps
 * its fixes in its outbox and sends them later, which is better than an answer that comes after the client gave up.
 */
const POSITION_REQUESTS_WAITING_AT_MOST = 2_000;
/**
 * How long a busy position committer waits for other requests before it writes (group-commit.ts: only when its last
 * batch ended moments ago; a lone request waits for nothing). On PGlite, with its one connection, the next requests'
 * session reads wait behind the batch being written, so without a wait none are queued when it ends and every batch
 * holds one request (measured in process: 10 drivers at once formed batches of 1.0 and got 110 requests/s; with
 * 3 ms, batches of 10 and 263/s). On PostgreSQL batches form by themselves, and the wait still makes them larger
 * and PostgreSQL's share of the work smaller (bench/live-fanout.ts, 1,000 fixes/s over two processes on 2 cores:
 * 842 answered per second without it, 963 with it).
 */
const POSITION_LINGER_MS = 3;

/**
 * The child an event is about as the driver, their stream and the parents are told: only a child seated on the trip.
 * A tag or id of another route's child is stored with that child's id for the office (the WRONG_BUS alert names
 * them), but a driver must not learn whose card it is, nor may a scan on any bus tell a family "got on the bus".
 */
const answeredId = (outcome: IngestOutcome) => (outcome.seated ? outcome.studentId : null);

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
      ? [wordedField(field(index), { code: 'refusal.field.timeRange', params: { ...DATE_RANGE } })]
      : [];
  });
  if (errors.length) throw refusal(400, { code: 'refusal.invalidInput' }, errors);
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

/** A trip of a batch as lib/trip-window.ts reads it. */
const spanOf = (row: IngestTrip) => ({
  status: row.status,
  startedAt: row.startedAtMs === null ? null : new Date(row.startedAtMs),
  completedAt: row.completedAtMs === null ? null : new Date(row.completedAtMs),
});

/** What a batch carries, checked against its trips' windows: the trips it names and the device times it gives. */
interface BatchToCheck {
  userId: string;
  tripIds: string[];
  times: { tripId: string; at: Date }[];
}

/**
 * `tripIds` of `userId`'s batch, by id, from the rows of tripsForIngest; or the error that refuses the batch: a
 * trip that is not theirs (404, as one that does not exist), a trip that does not take uploads now (not started,
 * cancelled, or ended more than the grace window ago: 409), or a device time outside its trip's span (409).
 * Checked at `now`, the time the batch is received.
 */
function tripsCheckedFor(
  { userId, tripIds, times }: BatchToCheck,
  rows: IngestTrip[],
  { now, timeZone, what }: { now: Date; timeZone: string; what: UploadKind },
): Map<string, IngestTrip> | AppError {
  const byId = new Map(rows.filter((row) => row.userId === userId && row.yours).map((row) => [row.id, row]));
  for (const id of tripIds) {
    if (!byId.has(id)) return refusal(404, { code: 'refusal.upload.tripNotFound', params: { id } });
  }
  for (const row of byId.values()) {
    const closed = uploadRefusal(spanOf(row), now, timeZone, what);
    if (closed) return refusal(409, closed);
  }
  for (const { tripId, at } of times) {
    const outside = timeOutsideSpan(spanOf(byId.get(tripId)!), at, now, timeZone);
    if (outside) return refusal(409, outside);
  }
  return byId;
}

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
  /** Parents are told when their child gets on or off (outbox rows in the same transaction), then it is woken. */
  notifications: Pick<NotificationDispatcher, 'wake'>;
  /** The operator's time zone, for the times parents read. */
  timeZone: string;
  /** Who must be handed to an authorized adult at drop-off, and the check that the drop-off names one (065). */
  handOver: HandOverService;
}

/** The committer that writes position requests in shared transactions (positionCommits). */
type PositionCommits = GroupCommit<PositionRequest, number>;

/**
 * The driver app's events and positions. Each is stored once by the id the device gave it, so a batch sent again
 * after a lost answer, or replayed from an outbox in any order, changes nothing; a child's state is derived from
 * the events by when they happened (riderStates, in packages/shared).
 */
export function createRidershipService(deps: RidershipServiceDeps) {
  const commits = positionCommits(deps);
  return {
    recordEvents: (userId: string, input: EventInput[]) => recordEvents(deps, userId, input),
    recordMiss: (userId: string, input: MissInput) => recordMiss(deps, userId, input),
    recordPositions: (userId: string, input: PositionInput[]) =>
      recordPositions(deps, commits, userId, input),
  };
}
export type RidershipService = ReturnType<typeof createRidershipService>;

/**
 * The batch's trips, each checked to be the driver's and taking uploads, and each event's time to fall in its
 * trip's span (tripsCheckedFor); a single trip or time failing refuses the whole batch, so the device keeps it and
 * nothing half-stored needs explaining. A trip of another driver answers as one that does not exist, so trip ids
 * are not confirmed (decision 024).
 */
async function tripsOfDriver(
  { db, clock, timeZone }: Pick<RidershipServiceDeps, 'db' | 'clock' | 'timeZone'>,
  userId: string,
  events: { tripId: string; occurredAt: string }[],
): Promise<Map<string, IngestTrip>> {
  const tripIds = unique(events.map((event) => event.tripId));
  const checked = tripsCheckedFor(
    {
      userId,
      tripIds,
      times: events.map((event) => ({ tripId: event.tripId, at: new Date(event.occurredAt) })),
    },
    await tripsForIngest(
      db,
      tripIds.map((tripId) => ({ userId, tripId })),
    ),
    { now: clock(), timeZone, what: 'scans' },
  );
  if (checked instanceof Error) throw checked;
  return checked;
}

/** A batch of events as the service stores it: ids in lower case, times as ISO text, absent fields null. */
function normalisedEvents(input: EventInput[]): IngestEvent[] {
  return input.map((event) => ({
    eventId: idOf(event.eventId),
    tripId: idOf(event.tripId),
    kind: event.kind,
    method: event.method,
    // A student id that matches nobody (a child deleted while the phone was offline) is kept like an unknown tag:
    // refusing it would leave the device's outbox stuck on it for ever.
    studentId: event.studentId ? idOf(event.studentId) : null,
    tagId: event.tagId ?? null,
    occurredAt: new Date(event.occurredAt).toISOString(),
    lat: event.lat ?? null,
    lng: event.lng ?? null,
    accuracy: event.accuracy ?? null,
  }));
}

/**
 * Stores a checked batch in the caller's transaction, with what its new events change: the stop timelines (a scan
 * made with a location says where the bus was, as a position does), the live stream, alerts and the parents'
 * notifications, so they commit together or not at all. The events' driver is the caller: drivenBy let through
 * only trips whose driver record is theirs.
 */
async function storeEvents(
  {
    alerts,
    live,
    timeZone,
    handOver,
  }: Pick<RidershipServiceDeps, 'alerts' | 'live' | 'timeZone' | 'handOver'>,
  tx: Executor,
  {
    userId,
    batch,
    trips,
    receivedAt,
    receivedBy,
  }: {
    userId: string;
    batch: IngestEvent[];
    trips: Map<string, IngestTrip>;
    receivedAt: Date;
    /** The adult who received the child, by event id, as the device said (decision 065). */
    receivedBy: Map<string, string>;
  },
): Promise<{ stored: IngestOutcome[]; wroteLive: boolean; told: number }> {
  const eventById = new Map(batch.map((event) => [event.eventId, event]));
  const stored = await ingestEvents(tx, batch, { receivedAt, recordedBy: userId });
  const created = stored
    .filter((outcome) => outcome.created)
    .map((outcome) => ({ outcome, event: eventById.get(outcome.eventId)! }));
  if (!created.length) return { stored, wroteLive: false, told: 0 };
  // A drop-off of a child who must be handed over names one of their adults, or the whole batch is undone (409).
  // Only a child seated on the trip is asked for: the driver's app knows no one else's adults.
  await handOver.checkAlightings(
    tx,
    created.map(({ event, outcome }) => ({
      eventId: event.eventId,
      tripType: trips.get(event.tripId)!.type,
      kind: event.kind,
      studentId: answeredId(outcome),
      receivedBy: receivedBy.get(event.eventId) ?? null,
    })),
  );
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
          studentId: answeredId(outcome),
          occurredAt: event.occurredAt,
        },
        userId,
      ),
    ),
    ...moved.map((tripId) => stopsEvent(tripId, userId)),
  ]);
  await alerts.raise(tx, await alertsOfIngest(tx, created, trips, receivedAt));
  const told = await enqueueNotifications(
    tx,
    await riderNotifications(
      tx,
      created.map(({ event, outcome }) => ({ ...event, studentId: answeredId(outcome) })),
      (tripId) => trips.get(tripId)!,
      timeZone,
    ),
  );
  return { stored, wroteLive: true, told };
}

/** POST /api/driver/events: a driver's batch of scans and taps, each stored once by its id. */
export async function recordEvents(
  deps: RidershipServiceDeps,
  userId: string,
  input: EventInput[],
): Promise<RidershipBatchAnswer> {
  const { db, clock, live, notifications } = deps;
  assertTimesInRange(
    input.map((event) => event.occurredAt),
    (index) => `events.${index}.occurredAt`,
  );
  const events = normalisedEvents(input);
  const trips = await tripsOfDriver(deps, userId, events);
  const batch = firstOfEachId(events, (event) => event.eventId);
  const receivedAt = clock();
  const receivedBy = new Map(
    input.flatMap((event) =>
      event.receivedBy ? [[idOf(event.eventId), idOf(event.receivedBy)] as const] : [],
    ),
  );
  const { stored, wroteLive, told } = await db.transaction((tx) =>
    storeEvents(deps, tx, { userId, batch, trips, receivedAt, receivedBy }),
  );
  if (wroteLive) live.committed();
  if (told) notifications.wake();
  const byId = new Map(stored.map((outcome) => [outcome.eventId, outcome]));
  const answered = new Set<string>();
  const outcomes = events.map(({ eventId }) => {
    const { created, seated: _seated, ...outcome } = byId.get(eventId)!;
    // An id sent twice in one batch is stored once: its second copy is a duplicate like any other.
    const duplicate = !created || answered.has(eventId);
    answered.add(eventId);
    return { ...outcome, studentId: answeredId(byId.get(eventId)!), duplicate };
  });
  const created = stored.filter((outcome) => outcome.created).length;
  return { created, duplicates: events.length - created, outcomes };
}

/** What the office reads of the operator's rule for a child with no authorized adult at the stop. */
const RULE_IN_WORDS = {
  KEEP_ON_BOARD: 'the driver keeps the child on board',
  RETURN_TO_SCHOOL: 'the driver takes the child back to school',
  RETURN_TO_DEPOT: 'the driver takes the child to the depot',
} as const;

/**
 * POST /api/driver/hand-over-misses: no authorized adult at the stop for a child who must be handed over. The
 * child stays on the bus (no event is stored: their state stays ON_BUS) under the operator's rule, which the
 * record keeps as it was; the office gets an alert at once and the child's guardians a notification, once per
 * child and trip however often the driver says it. Checked as an event is (the driver's trip, taking uploads, a
 * time within it); the child must ride this trip (404 otherwise, as for an id that does not exist) and need
 * hand-over (409). Stored once by the device's id: the outbox may send it again.
 */
export async function recordMiss(
  deps: RidershipServiceDeps,
  userId: string,
  input: MissInput,
): Promise<HandOverMissAnswer> {
  const { db, clock, live, alerts, notifications, handOver, timeZone } = deps;
  assertTimesInRange([input.occurredAt], () => 'occurredAt');
  const tripId = idOf(input.tripId);
  const studentId = idOf(input.studentId);
  const trip = (await tripsOfDriver(deps, userId, [{ tripId, occurredAt: input.occurredAt }])).get(tripId)!;
  const receivedAt = clock();
  const { duplicate, rule, told } = await db.transaction(async (tx) => {
    const families = (await familiesOnTrips(tx, [tripId])).filter((row) => row.studentId === studentId);
    if (!families.length) throw refusal(404, { code: 'refusal.handOver.childNotOnTrip' });
    const child = families[0]!.name;
    if (!(await handOver.needing(tx, [studentId])).has(studentId))
      throw refusal(409, { code: 'refusal.handOver.notNeeded', params: { child } });
    const position = input.stopPosition ?? null;
    const stopName = position === null ? null : await tripStopName(tx, tripId, position);
    const stored = await insertMiss(tx, {
      missId: idOf(input.missId),
      tripId,
      studentId,
      stopPosition: position,
      stopName,
      rule: handOver.noAdultRule,
      occurredAt: new Date(input.occurredAt),
      receivedAt,
      recordedBy: userId,
    });
    if (!stored.created) return { duplicate: true, rule: stored.rule, told: 0 };
    await alerts.raise(tx, [
      {
        kind: 'NO_AUTHORIZED_ADULT',
        cause: `NO_AUTHORIZED_ADULT:${tripId}:${studentId}`,
        tripId,
        studentId,
        message: `No authorized adult was at ${stopName ?? 'the stop'} to receive a child on ${tripInWords(trip)}: ${RULE_IN_WORDS[stored.rule]}. Call the family.`,
        raisedAt: receivedAt,
      },
    ]);
    const count = await enqueueNotifications(
      tx,
      noAdultNotifications(
        families,
        { tripId, stopName, rule: stored.rule, at: new Date(input.occurredAt) },
        timeZone,
      ),
    );
    return { duplicate: false, rule: stored.rule, told: count };
  });
  if (!duplicate) live.committed();
  if (told) notifications.wake();
  return { duplicate, rule };
}

/**
 * Positions come often (every bus, every few seconds), each request a fix or a few: they are written by group
 * commit, so the requests that arrive while one transaction runs share the next one (its insert, newest-fix read,
 * stop visits, live-log insert and disk sync) instead of queueing for one transaction each.
 */
function positionCommits(deps: RidershipServiceDeps): PositionCommits {
  return createGroupCommit<PositionRequest, number>(
    async (requests: PositionRequest[]) => {
      const { answers, wroteLive } = await deps.db.transaction((tx) => writePositions(deps, tx, requests));
      if (wroteLive) deps.live.committed();
      return answers;
    },
    {
      maxBatch: POSITION_BATCH_REQUESTS,
      lingerMs: POSITION_LINGER_MS,
      maxPending: POSITION_REQUESTS_WAITING_AT_MOST,
      overloaded: () => refusal(503, { code: 'refusal.positionsBusy' }, undefined, 2),
    },
  );
}

/**
 * The fixes of a batch of requests, the newest one of each trip on the live stream and the stop timelines, in one
 * transaction. A fix sent twice in the batch (an outbox replaying while its first request was in flight) is stored
 * once and counted as created for the first request that carried it.
 */
export async function writePositions(
  { clock, timeZone, live }: Pick<RidershipServiceDeps, 'clock' | 'timeZone' | 'live'>,
  tx: Executor,
  requests: PositionRequest[],
): Promise<{ answers: (number | AppError)[]; wroteLive: boolean }> {
  // Each request's trips checked as tripsOfDriver does, for the whole batch in one statement: a request refused
  // (not the driver's trip, or not running) is answered with its error and the others are stored.
  const tripRows = await tripsForIngest(
    tx,
    requests.flatMap(({ userId, tripIds }) => tripIds.map((tripId) => ({ userId, tripId }))),
  );
  const now = clock();
  const checked = requests.map(({ userId, tripIds, rows }) =>
    tripsCheckedFor(
      { userId, tripIds, times: rows.map((row) => ({ tripId: row.tripId, at: row.recordedAt })) },
      tripRows,
      { now, timeZone, what: 'positions' },
    ),
  );
  const seen = new Set<string>();
  const firstRows = requests.map(({ rows }, index) => {
    const trips = checked[index]!;
    if (trips instanceof Error) return [];
    return rows
      .filter((row) => !seen.has(row.positionId) && seen.add(row.positionId))
      .map((row) => ({ ...row, vehicleId: trips.get(row.tripId)!.vehicleId }));
  });
  const inserted = firstRows.some((rows) => rows.length) ? await insertPositions(tx, firstRows.flat()) : [];
  const insertedIds = new Set(inserted.map((row) => row.positionId));
  const insertedRows = firstRows.flat().filter((row) => insertedIds.has(row.positionId));
  // The fixes' driver is the caller: drivenBy let through only trips whose driver record is theirs.
  const driverOf = new Map(
    requests.flatMap(({ userId }, index) => firstRows[index]!.map((row) => [row.tripId, userId] as const)),
  );
  const movedTrips = await recordStopVisits(
    tx,
    insertedRows.map(({ tripId, recordedAt, lat, lng, speed }) => ({
      tripId,
      at: recordedAt,
      lat,
      lng,
      speed,
    })),
  );
  const events = [
    ...(await positionEvents(
      tx,
      insertedIds,
      unique(insertedRows.map((row) => row.tripId)),
      (tripId) => driverOf.get(tripId) ?? null,
    )),
    ...movedTrips.map((tripId) => stopsEvent(tripId, driverOf.get(tripId) ?? null)),
  ];
  await live.write(tx, events);
  return {
    answers: firstRows.map((rows, index) => {
      const trips = checked[index]!;
      return trips instanceof Error ? trips : rows.filter((row) => insertedIds.has(row.positionId)).length;
    }),
    wroteLive: events.length > 0,
  };
}

/**
 * POST /api/driver/positions: a driver's fixes, handed to the group commit. Fixes less accurate than
 * MAX_POSITION_ACCURACY_M are accepted (the device need not send them again) and not kept.
 */
export async function recordPositions(
  { clock }: Pick<RidershipServiceDeps, 'clock'>,
  commits: PositionCommits,
  userId: string,
  input: PositionInput[],
): Promise<PositionBatchAnswer> {
  assertTimesInRange(
    input.map((position) => position.recordedAt),
    (index) => `positions.${index}.recordedAt`,
  );
  const positions = input.map((position) => ({
    ...position,
    positionId: idOf(position.positionId),
    tripId: idOf(position.tripId),
  }));
  const kept = positions.filter(
    (position) => position.accuracy === undefined || position.accuracy <= MAX_POSITION_ACCURACY_M,
  );
  const now = clock();
  const rows = firstOfEachId(kept, (position) => position.positionId).map((position) => ({
    positionId: position.positionId,
    tripId: position.tripId,
    lat: position.lat,
    lng: position.lng,
    accuracy: position.accuracy ?? null,
    speed: position.speed ?? null,
    heading: position.heading ?? null,
    recordedAt: new Date(position.recordedAt),
    receivedAt: now,
    source: 'APP',
  }));
  // Every trip named is checked, even one whose fixes were all too inaccurate to keep.
  const tripIds = unique(positions.map((position) => position.tripId));
  const created = tripIds.length ? await commits.submit({ userId, tripIds, rows }) : 0;
  return {
    created,
    duplicates: kept.length - created,
    dropped: positions.length - kept.length,
  };
}
