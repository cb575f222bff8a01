import type { z } from 'zod';
import {
  countBoarded,
  RUNS,
  riderStates,
  studentOfEvent,
  type DriverTrip,
  type finishTripInputSchema,
  type Manifest,
  type Student,
  type StopNote,
  type StopPhoto,
  type stopNoteInputSchema,
  type Trip,
} from '@school-transport/shared';
import { ridesTripOf } from '../../../db/active-records.js';
import type { Database, Executor } from '../../../db/client.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import type { Clock } from '../../../lib/clock.js';
import { AppError, refusal, wordedField, type Words } from '../../../lib/errors.js';
import { withinGrace } from '../../../lib/trip-window.js';
import { zonedDate } from '../../../lib/zoned-time.js';
import { type AlertService, tripInWords } from '../../operations/alerts/index.js';
import { absentStudentIds } from '../../operations/calendar/index.js';
import { manifestNotesOn } from '../../operations/family-inbox/index.js';
import { changedStopsOn, type ChangedStop } from '../../operations/stop-changes/index.js';
import type { ComplianceService } from '../../operations/compliance/index.js';
import { missStillStanding, type HandOverService } from '../../operations/hand-over/index.js';
import type { LiveLog } from '../../operations/live/index.js';
import { childIdsOfFieldTrip, manifestFieldTrip } from '../../operations/field-trips/index.js';
import { eventsOfTrip } from '../../operations/ridership/index.js';
import { findTrip, moveTripIn, setFinishReason, toTrip } from '../../operations/trips/index.js';
import { storeReplacingImage, type ImageStorage, type ImageUrls } from '../../platform/uploads/index.js';
import { writeStopNote, writeStopPhoto } from '../../records/stops/index.js';
import {
  notesOfStops,
  riderStopPositions,
  stopsOfTrip,
  tripOfDriver,
  tripPassesStop,
  tripsOfDriverOn,
  type TripRow,
} from './driver-app-queries.js';
import { buildManifest, buildRecord, forDriver } from './manifest.js';

/**
 * A trip that is not the driver's answers exactly as one that does not exist: the driver app must not confirm
 * which ids are trips of others.
 */
const tripNotFound = () => refusal(404, { code: 'refusal.tripNotFound' });

/** A time of day in a refusal: written on the operator's clock, in the driver's language. */
const clockTime = (instant: Date, timeZone: string) => ({ clockTime: instant, timeZone });

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export interface DriverAppServiceDeps {
  db: Database;
  clock: Clock;
  /** The operator's time zone: what "today" and the times in messages are read in. */
  timeZone: string;
  studentsOf(assignmentId: string): Promise<Student[]>;
  /** Children moved onto a trip by a stop change (decision 057). */
  studentsByIds(ids: string[]): Promise<Student[]>;
  /** Starts and finishes go on the live stream. */
  live: LiveLog;
  /** A finish with children on board raises an alert. */
  alerts: Pick<AlertService, 'raise'>;
  /** Expired blockers, defects and a missing inspection refuse a start. */
  compliance: Pick<ComplianceService, 'assertTripMayStart'>;
  /** The stops' photo links, signed as every stored photo's (uploads). */
  urls: ImageUrls;
  /** Who must be handed to an authorized adult, their adults, and the trip's "no authorized adult" (065). */
  handOver: Pick<HandOverService, 'adultsOfNeeding' | 'latestMisses' | 'noAdultRule'>;
  /** Where a stop's photo taken by a driver is kept (the office's uploads too). */
  storage: ImageStorage;
}

/** Each child's newest miss on one trip, by child. */
async function missesOfTrip(handOver: DriverAppServiceDeps['handOver'], db: Database, tripId: string) {
  const latest = await handOver.latestMisses(db, [tripId]);
  return new Map([...latest.values()].map((row) => [row.studentId, row]));
}

/**
 * A field trip's bus: its riders are the children attached to the field trip (decision 078), none without a list.
 * A run's riders are the children seated in the trip's assignment now (none once the assignment is deleted), as the
 * day's approved stop changes move them (decision 057): a child moved to another route's run leaves this one, a
 * child moved here joins it at the changed stop, and a child moved within the route waits at the changed stop.
 */
async function manifestOf(deps: DriverAppServiceDeps, trip: TripRow): Promise<Manifest> {
  const manifest = await runManifestOf(deps, trip);
  const fieldTrip = trip.fieldTripId && (await manifestFieldTrip(deps.db, trip.fieldTripId, deps.timeZone));
  return fieldTrip ? { ...manifest, fieldTrip } : manifest;
}

async function runManifestOf(
  { db, studentsOf, studentsByIds, urls, handOver }: DriverAppServiceDeps,
  trip: TripRow,
): Promise<Manifest> {
  const assignmentId = trip.assignmentId;
  const [stops, seated, absent, events, changed] = await Promise.all([
    stopsOfTrip(db, trip.id),
    assignmentId
      ? studentsOf(assignmentId)
      : trip.fieldTripId
        ? // A field trip's bus: the children on its list (decision 078); none, and the group stays a count.
          childIdsOfFieldTrip(db, trip.fieldTripId).then(studentsByIds)
        : Promise.resolve([]),
    // "Not riding" is about the regular runs: a field trip's children go on it whatever their run's absence says.
    trip.fieldTripId ? Promise.resolve(new Set<string>()) : absentStudentIds(db, trip.tripDate, trip.type),
    eventsOfTrip(db, trip.id),
    assignmentId
      ? changedStopsOn(db, trip.tripDate, trip.type)
      : Promise.resolve(new Map<string, ChangedStop>()),
  ]);
  const here = (studentId: string) => (changed.get(studentId)?.assignmentId ?? assignmentId) === assignmentId;
  const seatedIds = new Set(seated.map((student) => student.id));
  const arriving = [...changed]
    .filter(([studentId, change]) => change.assignmentId === assignmentId && !seatedIds.has(studentId))
    .map(([studentId]) => studentId);
  // A child deactivated before the trip was to start is not on it (decision 076).
  const students = [
    ...seated.filter((student) => here(student.id)),
    ...(await studentsByIds(arriving)),
  ].filter((student) => ridesTripOf(student.deactivatedAt, trip));
  const unchanged = students.map((student) => student.id).filter((id) => !changed.has(id));
  const [stopPositions, notes, adults, misses, officeNotes] = await Promise.all([
    riderStopPositions(db, trip.id, trip.type, unchanged),
    notesOfStops(
      db,
      stops.flatMap((stop) => (stop.stopId ? [stop.stopId] : [])),
    ),
    // Adults are asked for at drop-off only: a morning run's children leave at school.
    trip.type === 'DROP'
      ? handOver.adultsOfNeeding(
          db,
          students.map((student) => student.id),
        )
      : Promise.resolve(new Map()),
    missesOfTrip(handOver, db, trip.id),
    // The office's notes of the trip's own date only: a note for Friday is not Thursday's business.
    manifestNotesOn(
      db,
      trip.tripDate,
      students.map((student) => student.id),
    ),
  ]);
  const stopNotes = new Map(
    [...notes].map(([stopId, { note, profileImage }]) => [
      stopId,
      { note, photoUrl: urls.urlFor('stop', profileImage) },
    ]),
  );
  for (const student of students) {
    const change = changed.get(student.id);
    const position = change?.stopId
      ? stops.find((stop) => stop.stopId === change.stopId)?.position
      : undefined;
    if (position !== undefined && position !== null) stopPositions.set(student.id, position);
  }
  return buildManifest({
    trip,
    stops,
    students,
    stopPositions,
    absent,
    events,
    stopNotes,
    handOver: adults,
    misses,
    noAdultRule: handOver.noAdultRule,
    officeNotes,
  });
}

/** A trip's own record (manifest.ts' buildRecord): from its events, never from today's seats. */
async function recordOf({ db, handOver }: DriverAppServiceDeps, trip: TripRow): Promise<Manifest> {
  const [stops, absent, events, misses] = await Promise.all([
    stopsOfTrip(db, trip.id),
    absentStudentIds(db, trip.tripDate, trip.type),
    eventsOfTrip(db, trip.id),
    missesOfTrip(handOver, db, trip.id),
  ]);
  return buildRecord({ trip, stops, absent, events, misses, noAdultRule: handOver.noAdultRule });
}

/**
 * What the driver may read of their trip now (decision 051). Today's trip that has not ended: the manifest, with
 * the children seated on the route and their cards, since they are about to be scanned. A trip that no longer
 * runs today (finished, cancelled, or left running from an earlier day so that it can still be finished): only
 * its own record, and a finished one only within the grace window after it ended (lib/trip-window.ts). Anything else
 * is refused in words: the driver ran it, so its existence is no secret to them.
 */
async function driverView(deps: DriverAppServiceDeps, trip: TripRow): Promise<Manifest> {
  const isToday = trip.tripDate === zonedDate(deps.clock(), deps.timeZone);
  if (isToday && (trip.status === 'PENDING' || trip.status === 'STARTED'))
    return forDriver(await manifestOf(deps, trip));
  if (
    trip.status === 'STARTED' ||
    (trip.status === 'CANCELLED' && isToday) ||
    withinGrace(trip, deps.clock())
  )
    return recordOf(deps, trip);
  throw closedTrip(deps, trip);
}

/** Why a trip of the driver's is no longer (410) or not yet (409) open on the driver app. */
function closedTrip({ clock, timeZone }: DriverAppServiceDeps, trip: TripRow): AppError {
  switch (trip.status) {
    case 'COMPLETED':
      return refusal(410, {
        code: 'refusal.trip.endedClosed',
        params: { time: clockTime(trip.completedAt!, timeZone), day: trip.tripDate },
      });
    case 'CANCELLED':
      return refusal(410, { code: 'refusal.trip.cancelledOn', params: { day: trip.tripDate } });
    default:
      return trip.tripDate < zonedDate(clock(), timeZone)
        ? refusal(410, { code: 'refusal.trip.neverStarted', params: { day: trip.tripDate } })
        : refusal(409, { code: 'refusal.trip.laterDay', params: { day: trip.tripDate } });
  }
}

/** Why this trip cannot be started now, or null when it can. */
function startRefusal({ clock, timeZone }: DriverAppServiceDeps, trip: TripRow): Words | null {
  switch (trip.status) {
    case 'STARTED':
      return { code: 'refusal.trip.alreadyStarted', params: { time: clockTime(trip.startedAt!, timeZone) } };
    case 'COMPLETED':
      return {
        code: 'refusal.trip.alreadyFinished',
        params: { time: clockTime(trip.completedAt!, timeZone) },
      };
    case 'CANCELLED':
      return { code: 'refusal.trip.cancelled' };
    case 'PENDING':
      return trip.tripDate === zonedDate(clock(), timeZone)
        ? null
        : { code: 'refusal.trip.notToday', params: { day: trip.tripDate } };
  }
}

/** Children the day's stop changes bring onto an assignment's run, less those they take off it. */
function movedIn(changed: Map<string, ChangedStop>, assignmentId: string | null): number {
  if (!assignmentId) return 0;
  let moved = 0;
  for (const change of changed.values()) {
    if (change.ownAssignmentId === change.assignmentId) continue;
    if (change.assignmentId === assignmentId) moved++;
    else if (change.ownAssignmentId === assignmentId) moved--;
  }
  return moved;
}

/** The driver's trips of today (the operator's day), in the order they run. */
export async function driverTripsToday(
  { db, clock, timeZone }: DriverAppServiceDeps,
  userId: string,
): Promise<DriverTrip[]> {
  const today = zonedDate(clock(), timeZone);
  const [rows, ...changes] = await Promise.all([
    tripsOfDriverOn(db, userId, today),
    ...RUNS.map((run) => changedStopsOn(db, today, run)),
  ]);
  const changedOn = new Map(RUNS.map((run, i) => [run, changes[i]!]));
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    status: row.status,
    date: row.tripDate,
    plannedStartAt: row.plannedStartAt?.toISOString() ?? null,
    startedAt: row.startedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    routeName: row.routeName,
    vehiclePlate: row.vehiclePlate,
    stopCount: row.stopCount,
    riderCount: row.riderCount + movedIn(changedOn.get(row.type)!, row.assignmentId),
    // Only on a field trip's bus (decision 073): a run's answer stays as it was.
    ...(row.fieldTripId ? { fieldTripId: row.fieldTripId } : {}),
  }));
}

export async function driverManifest(
  deps: DriverAppServiceDeps,
  userId: string,
  tripId: string,
): Promise<Manifest> {
  const trip = await tripOfDriver(deps.db, userId, tripId);
  if (!trip) throw tripNotFound();
  return driverView(deps, trip);
}

/** The office's view of any trip. */
export async function officeManifest(deps: DriverAppServiceDeps, tripId: string): Promise<Manifest> {
  const trip = await findTrip(deps.db, tripId);
  if (!trip) throw tripNotFound();
  return manifestOf(deps, trip);
}

/**
 * PENDING → STARTED, on the trip's own day only. The row lock makes two devices starting at once queue: the
 * second finds the trip STARTED and is told when it was.
 */
export async function startTrip(
  deps: DriverAppServiceDeps,
  userId: string,
  tripId: string,
  context: ChangeContext,
): Promise<Trip> {
  const { db, clock, live, compliance } = deps;
  const started = await db.transaction(async (tx) => {
    const trip = await tripOfDriver(tx, userId, tripId, true);
    if (!trip) throw tripNotFound();
    const refused = startRefusal(deps, trip);
    if (refused) throw refusal(409, refused);
    await compliance.assertTripMayStart(tx, trip);
    return toTrip((await moveTripIn(tx, tripId, 'start', { context, at: clock(), live }))!);
  });
  live.committed();
  return started;
}

/**
 * The children on board a trip's end must explain: those ON_BUS, except a child kept on board because no authorized
 * adult was at their stop (decision 065). The office was alerted of that child at once (NO_AUTHORIZED_ADULT) and
 * the operator's rule says where the bus takes them; their record keeps saying so after the finish.
 */
async function unexplainedOnBoard(db: Database, handOver: DriverAppServiceDeps['handOver'], tripId: string) {
  const events = await eventsOfTrip(db, tripId);
  const misses = await missesOfTrip(handOver, db, tripId);
  const states = riderStates(events, { childOf: studentOfEvent });
  for (const [studentId, state] of states) {
    const last = events.filter((event) => event.studentId === studentId).at(-1);
    if (state === 'ON_BUS' && missStillStanding(misses.get(studentId), last?.occurredAt ?? null))
      states.delete(studentId);
  }
  return countBoarded(states);
}

/**
 * STARTED → COMPLETED. While a child who boarded has not left the bus, only with a reason, which the office
 * sees, and an alert (FINISHED_WITH_CHILD) tells the dispatchers at once. A morning trip's children leave at
 * school: the app records their ALIGHT there before finishing. A child kept on board for want of an authorized
 * adult is not counted (unexplainedOnBoard).
 */
export async function finishTrip(
  { db, clock, timeZone, live, alerts, handOver }: DriverAppServiceDeps,
  userId: string,
  tripId: string,
  input: z.output<typeof finishTripInputSchema>,
  context: ChangeContext,
): Promise<Trip> {
  const { reason } = input;
  const finished = await db.transaction(async (tx) => {
    const trip = await tripOfDriver(tx, userId, tripId, true);
    if (!trip) throw tripNotFound();
    if (trip.status === 'PENDING') throw refusal(409, { code: 'refusal.trip.notStarted' });
    if (trip.status === 'COMPLETED')
      throw refusal(409, {
        code: 'refusal.trip.alreadyFinished',
        params: { time: clockTime(trip.completedAt!, timeZone) },
      });
    if (trip.status === 'CANCELLED') throw refusal(409, { code: 'refusal.trip.cancelled' });
    const boarded = await unexplainedOnBoard(tx, handOver, tripId);
    if (boarded && !reason) {
      throw refusal(
        409,
        {
          code:
            trip.type === 'PICKUP'
              ? 'refusal.trip.childrenOnBoardSchool'
              : 'refusal.trip.childrenOnBoardStops',
          params: { count: boarded },
        },
        [wordedField('reason', { code: 'refusal.field.finishReason' })],
      );
    }
    const at = clock();
    const moved = await moveTripIn(tx, tripId, 'complete', { context, at, live });
    if (reason) await setFinishReason(tx, tripId, reason);
    // The driver's reason is free text and may name a child: the message says only how many, and where to look.
    if (boarded)
      await alerts.raise(tx, [
        {
          kind: 'FINISHED_WITH_CHILD',
          cause: `FINISHED_WITH_CHILD:${tripId}`,
          tripId,
          message: `Finished with ${plural(boarded, 'child', 'children')} recorded on board: ${tripInWords(trip)}. The driver's reason is on the trip.`,
          raisedAt: at,
        },
      ]);
    return toTrip({ ...moved!, finishReason: reason ?? moved!.finishReason });
  });
  live.committed();
  return finished;
}

/**
 * Whether the driver may keep a stop current from the trip they drive now (decision 058): their own trip, of today,
 * started and not finished, that passes the stop. Anyone else's trip, or a stop the trip does not pass, answers 404
 * as if it did not exist; a trip that is not running now, 409 in words (`notRunning`). With `lock`, the trip's row
 * is locked, so a finish racing the edit is either before it (refused) or after it.
 */
async function assertDrivingThrough(
  tx: Executor,
  { clock, timeZone }: Pick<DriverAppServiceDeps, 'clock' | 'timeZone'>,
  { userId, tripId, stopId }: { userId: string; tripId: string; stopId: string },
  notRunning: string,
  lock = true,
): Promise<void> {
  const trip = await tripOfDriver(tx, userId, tripId, lock);
  if (!trip) throw tripNotFound();
  if (trip.status !== 'STARTED' || trip.tripDate !== zonedDate(clock(), timeZone))
    throw refusal(409, { code: notRunning });
  if (!(await tripPassesStop(tx, tripId, stopId))) throw refusal(404, { code: 'refusal.stopNote.notOnTrip' });
}

/** A driver rewrites the note of a stop of the trip they drive now (assertDrivingThrough). */
export async function editStopNote(
  deps: DriverAppServiceDeps,
  userId: string,
  tripId: string,
  stopId: string,
  input: z.output<typeof stopNoteInputSchema>,
  context: ChangeContext,
): Promise<StopNote> {
  return deps.db.transaction(async (tx) => {
    await assertDrivingThrough(tx, deps, { userId, tripId, stopId }, 'refusal.stopNote.tripNotRunning');
    const saved = await writeStopNote(tx, stopId, input.note, context, { tripId });
    if (!saved) throw refusal(404, { code: 'refusal.stopNote.notOnTrip' });
    return saved;
  });
}

/**
 * A driver takes or chooses the photo of a stop of the trip they drive now, through the office's image checks and
 * storage (uploads' storeReplacingImage, kind `stop`). Checked once before the image is decoded (nothing is
 * stored for a driver who may not), and again with the trip locked as it is written.
 */
export async function replaceStopPhoto(
  deps: DriverAppServiceDeps,
  userId: string,
  tripId: string,
  stopId: string,
  readImage: () => Promise<{ mimetype: string; data: Buffer }>,
  context: ChangeContext,
): Promise<StopPhoto> {
  const who = { userId, tripId, stopId };
  const notRunning = 'refusal.stopPhoto.tripNotRunning';
  // Before the upload is even read: another driver's trip answers 404 whatever was sent.
  await assertDrivingThrough(deps.db, deps, who, notRunning, false);
  const image = await readImage();
  const photoUrl = await storeReplacingImage(deps, 'stop', image, (fileName) =>
    deps.db.transaction(async (tx) => {
      await assertDrivingThrough(tx, deps, who, notRunning);
      const saved = await writeStopPhoto(tx, stopId, fileName, context, { tripId });
      if (!saved) throw refusal(404, { code: 'refusal.stopNote.notOnTrip' });
      return saved.previous;
    }),
  );
  return { stopId, photoUrl };
}

/**
 * The driver app's trips: today's list, the manifest, start and finish. Every call is for the signed-in driver's
 * own trips; status moves go through the trips module's rules (TRIP_MOVES, moveTripIn), with the trip's row locked
 * first so that the reasons given for a refusal are true of the trip as it is.
 */
export function createDriverAppService(deps: DriverAppServiceDeps) {
  return {
    today: driverTripsToday.bind(null, deps),
    driverManifest: driverManifest.bind(null, deps),
    manifest: officeManifest.bind(null, deps),
    start: startTrip.bind(null, deps),
    finish: finishTrip.bind(null, deps),
    editStopNote: editStopNote.bind(null, deps),
    replaceStopPhoto: replaceStopPhoto.bind(null, deps),
  };
}
export type DriverAppService = ReturnType<typeof createDriverAppService>;
