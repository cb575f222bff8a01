import {
  childRunState,
  riderStateOf,
  PARENT_BUS_HIDDEN_AFTER_S,
  PARENT_BUS_STOPS_BEFORE,
  PARENT_HISTORY_DAYS,
  RUNS,
  type Absence,
  type ChildHistoryEntry,
  type ChildMoment,
  type ChildRunState,
  type ChildRun,
  type ParentAbsenceInput,
  type ParentBusAnswer,
  type ParentChild,
  type ParentFamilyData,
  type ParentPortalSettings,
  type Run,
  type TripStatus,
} from '@school-transport/shared';
import type { Database } from '../../../db/client.js';
import type { notificationPreferences } from '../../../db/schema/index.js';
import { OFFICE_BY, type ChangeContext } from '../../../lib/change-context.js';
import type { Clock } from '../../../lib/clock.js';
import { refusal } from '../../../lib/errors.js';
import { addDays, zonedClockTime, zonedDate, zonedInstant } from '../../../lib/zoned-time.js';
import type { BoardService } from '../../operations/board/index.js';
import { absenceForParent, type AbsenceService } from '../../operations/calendar/index.js';
import {
  missStillStanding,
  receivedByOf,
  type HandOverService,
  type MissRow,
} from '../../operations/hand-over/index.js';
import { latestFixesOf } from '../../operations/ridership/index.js';
import { changesOfChildrenOn } from '../../operations/stop-changes/index.js';
import { distanceM } from '../../../lib/geo-distance.js';
import type { ImageUrls } from '../../platform/uploads/index.js';
import {
  absenceById,
  absencesOfChildren,
  childrenOf,
  childStops,
  eventsOfChildrenOn,
  familyRecords,
  parentOfUser,
  scheduledStopTimes,
  seatsOf,
  stopsOfTrips,
  hostsOfTrips,
  tripById,
  tripsCarrying,
  type ChildEventRow,
  type ChildRow,
  type PortalTripRow,
  type PortalTripStopRow,
} from './parent-portal-queries.js';

/** A boarding or leaving this close to one of the trip's stops is said to have happened there. */
export const MOMENT_STOP_RADIUS_M = 150;

/** Ids of another family answer as ids that do not exist: nothing confirms that they are ids of anything. */
const childNotFound = () => refusal(404, { code: 'refusal.childNotFound' });
const tripNotFound = () => refusal(404, { code: 'refusal.tripNotFound' });
const absenceNotFound = () => refusal(404, { code: 'refusal.absenceNotFound' });

const iso = (date: Date) => date.toISOString();

/**
 * How far the bus is from a waiting child: the index of the child's stop among the trip's stops (null when their
 * stop is not on it) and of the last stop the bus has reached (-1 before the first).
 */
export interface BusProgress {
  childStop: number | null;
  reached: number;
}

/** The index of the last of `stops` (in order) the bus has reached, -1 for none. */
export const lastReached = (stops: readonly { arrivedAt: Date | null }[]): number =>
  stops.findLastIndex((stop) => stop.arrivedAt !== null);

/**
 * The contract's rule for the bus: only while a started trip carries the child or is about to. On board: until
 * they leave (a morning child at school, an afternoon one at their stop). Waiting: only once the bus has reached
 * the stop PARENT_BUS_STOPS_BEFORE before theirs (from the start when theirs is among the first that many), so the
 * last family of a run cannot log every earlier family's door; never when their stop is not on the trip. Not for
 * an absent child, one who did not show up, or one who has left.
 */
export function busVisibleFor(
  status: TripStatus | null,
  state: ChildRunState,
  progress: BusProgress,
): boolean {
  if (status !== 'STARTED') return false;
  if (state === 'BOARDED') return true;
  if (state !== 'ON_THE_WAY' || progress.childStop === null) return false;
  return progress.reached >= progress.childStop - PARENT_BUS_STOPS_BEFORE;
}

export interface ParentPortalServiceDeps {
  db: Database;
  clock: Clock;
  timeZone: string;
  absences: AbsenceService;
  board: Pick<BoardService, 'trip'>;
  urls: ImageUrls;
  absenceCutoffMinutes: number;
  officePhone: string | null;
  /** A child's authorized adults and the trips' "no authorized adult" records (decision 065). */
  handOver: HandOverService;
}

interface TripFacts {
  trip: PortalTripRow;
  stops: PortalTripStopRow[];
  /** Each child's events on it, in the order they happened. */
  events: Map<string, ChildEventRow[]>;
  /** Each child's newest "no authorized adult" on it. */
  misses: Map<string, MissRow>;
  /** The host trip it rides with, when this run was combined into another (decision 061); null otherwise. */
  ridesWith: string | null;
}

/**
 * The trip of a child's run: a run handed over to a rescue vehicle has two trips, and the rescue, which carries on,
 * is the run's (decision 056); a run combined into another rides with the host trip, which is the run's then
 * (decision 061).
 */
function tripOfRun(candidates: TripFacts[], run: Run): TripFacts | null {
  const ofRun = candidates.filter((facts) => facts.trip.type === run);
  return (
    ofRun.find((facts) => facts.trip.handedOverToTripId === null && facts.ridesWith === null) ??
    ofRun[0] ??
    null
  );
}

/** The moment of a child's last event of `kind`, at the nearest of the trip's stops when close to one. */
function momentOf(
  events: ChildEventRow[],
  kind: 'BOARD' | 'ALIGHT',
  stops: PortalTripStopRow[],
): ChildMoment | null {
  const last = events.filter((event) => event.kind === kind).at(-1);
  if (!last) return null;
  let stopName: string | null = null;
  if (last.lat !== null && last.lng !== null) {
    let best = MOMENT_STOP_RADIUS_M;
    for (const stop of stops) {
      const metres = distanceM({ lat: last.lat, lng: last.lng }, stop);
      if (metres <= best) {
        best = metres;
        stopName = stop.name;
      }
    }
  }
  return { at: iso(last.occurredAt), stopName, receivedBy: receivedByOf(last) };
}

/** Where a child kept on the bus is: their newest miss on the trip, while nothing of theirs happened after it. */
const standingMiss = (facts: TripFacts | null, studentId: string) =>
  facts
    ? missStillStanding(facts.misses.get(studentId), facts.events.get(studentId)?.at(-1)?.occurredAt ?? null)
    : null;

/**
 * The parent portal: a signed-in parent's children, their runs, the bus while it carries them, absences up to the
 * cut-off, history and the family's data. Every call starts from the parent record of the session's user, and an
 * id outside that family answers 404 exactly as an unknown id does.
 */
export function createParentPortalService(deps: ParentPortalServiceDeps) {
  return {
    settings: (): ParentPortalSettings => settings(deps),
    children: (userId: string, date?: string) => childrenOfParent(deps, userId, date),
    bus: (userId: string, tripId: string) => busOfTrip(deps, userId, tripId),
    absencesOf: (userId: string, studentId: string) => absencesOf(deps, userId, studentId),
    markAbsent: (userId: string, studentId: string, input: ParentAbsenceInput, context: ChangeContext) =>
      markAbsent(deps, userId, studentId, input, context),
    removeAbsence: (userId: string, absenceId: string, context: ChangeContext) =>
      removeAbsence(deps, userId, absenceId, context),
    history: (userId: string, studentId: string) => history(deps, userId, studentId),
    familyData: (userId: string) => familyData(deps, userId),
  };
}
export type ParentPortalService = ReturnType<typeof createParentPortalService>;

type TimeDeps = Pick<ParentPortalServiceDeps, 'clock' | 'timeZone'>;

const todayOf = ({ clock, timeZone }: TimeDeps) => zonedDate(clock(), timeZone);

/** What can no longer be done online: the office's phone, when the operator has set one. */
const tooLate = ({ officePhone }: Pick<ParentPortalServiceDeps, 'officePhone'>) =>
  refusal(
    409,
    officePhone
      ? { code: 'refusal.absence.tooLateCall', params: { phone: officePhone } }
      : { code: 'refusal.absence.tooLate' },
  );

/** The signed-in user's parent record and children; none for a user who is no family's parent. */
export async function family(
  db: Database,
  userId: string,
): Promise<{ parentId: string; children: ChildRow[] }> {
  const parent = await parentOfUser(db, userId);
  if (!parent) return { parentId: '', children: [] };
  return { parentId: parent.id, children: await childrenOf(db, parent.id) };
}

/** One of the user's own children, or 404 as for an id that does not exist. */
export async function ownChild(db: Database, userId: string, studentId: string): Promise<ChildRow> {
  const { children } = await family(db, userId);
  const child = children.find((row) => row.id === studentId);
  if (!child) throw childNotFound();
  return child;
}

/**
 * The trips of from..to carrying `children`, with their stops and the children's events. A child's trips are those
 * of their seat (from the day they were seated, when `sinceSeated`) and any they have events on.
 */
async function tripsOf(
  { db, timeZone, handOver }: Pick<ParentPortalServiceDeps, 'db' | 'timeZone' | 'handOver'>,
  children: ChildRow[],
  {
    from,
    to,
    sinceSeated,
    alsoAssignments = [],
  }: { from: string; to: string; sinceSeated: boolean; alsoAssignments?: string[] },
) {
  const ids = children.map((child) => child.id);
  const seats = ids.length ? await seatsOf(db, ids) : [];
  const rows = ids.length
    ? await tripsCarrying(db, ids, [...seats.map((seat) => seat.assignmentId), ...alsoAssignments], from, to)
    : [];
  const tripIds = rows.map((trip) => trip.id);
  const [stopRows, eventRows, hostOf, missRows] = await Promise.all([
    stopsOfTrips(db, tripIds),
    eventsOfChildrenOn(db, ids, tripIds),
    hostsOfTrips(db, tripIds),
    handOver.latestMisses(db, tripIds),
  ]);
  const facts = new Map<string, TripFacts>(
    rows.map((trip) => [
      trip.id,
      { trip, stops: [], events: new Map(), misses: new Map(), ridesWith: hostOf.get(trip.id) ?? null },
    ]),
  );
  for (const miss of missRows.values()) facts.get(miss.tripId)?.misses.set(miss.studentId, miss);
  for (const stop of stopRows) facts.get(stop.tripId)?.stops.push(stop);
  for (const event of eventRows) {
    const events = facts.get(event.tripId)!.events;
    const list = events.get(event.studentId!) ?? [];
    list.push(event);
    events.set(event.studentId!, list);
  }
  /**
   * The trips carrying one child: their seat's (since seated), those they have events on, and the trip their seat's
   * run rides with when combined into another (decision 061), which then is the run's (tripOfRun).
   */
  const tripsOfChild = (studentId: string): TripFacts[] => {
    const seat = seats.find((row) => row.studentId === studentId);
    const seatedOn = seat ? zonedDate(seat.seatedAt, timeZone) : null;
    const ofSeat = (trip: PortalTripRow) =>
      seat !== undefined &&
      trip.assignmentId === seat.assignmentId &&
      (!sinceSeated || trip.tripDate >= seatedOn!);
    const seatTrips = rows.filter(ofSeat).map((trip) => trip.id);
    const hosts = new Set(seatTrips.flatMap((id) => hostOf.get(id) ?? []));
    return [...facts.values()].filter(
      ({ trip, events }) => events.has(studentId) || ofSeat(trip) || hosts.has(trip.id),
    );
  };

  /** The trips of one assignment (a run a stop change moves a child onto). */
  const tripsOfAssignment = (assignmentId: string): TripFacts[] =>
    [...facts.values()].filter(({ trip }) => trip.assignmentId === assignmentId);
  return { seats, tripsOfChild, tripsOfAssignment };
}

/** The instant `minutesAfterStart` after a route run's start time on `date`, in the operator's zone. */
const scheduledAt = (
  date: string,
  { startTime, minutesAfterStart }: { startTime: string; minutesAfterStart: number },
  timeZone: string,
) => new Date(zonedInstant(date, startTime, timeZone).getTime() + minutesAfterStart * 60_000);

/** The planned instant at the child's stop on a run of `date`: the trip's copy, else the route's schedule. */
async function plannedAtStop(
  deps: Pick<ParentPortalServiceDeps, 'db' | 'timeZone' | 'handOver'>,
  studentId: string,
  date: string,
  run: Run,
): Promise<{ at: Date | null; trip: PortalTripRow | null }> {
  const { db, timeZone } = deps;
  const child = { id: studentId, name: '', profileImage: null, active: true };
  const { seats, tripsOfChild } = await tripsOf(deps, [child], { from: date, to: date, sinceSeated: false });
  const trip = tripOfRun(tripsOfChild(studentId), run);
  const stop = (await childStops(db, [studentId])).find((row) => row.run === run);
  if (trip) {
    const atStop = stop && trip.stops.find((row) => row.stopId === stop.stopId);
    return { at: atStop?.plannedAt ?? trip.trip.plannedStartAt, trip: trip.trip };
  }
  const seat = seats[0];
  if (!seat || !stop) return { at: null, trip: null };
  const scheduled = (await scheduledStopTimes(db, [seat.routeId])).find(
    (row) => row.run === run && row.stopId === stop.stopId,
  );
  if (!scheduled) return { at: null, trip: null };
  return { at: scheduledAt(date, scheduled, timeZone), trip: null };
}

/**
 * Refuses (409, with the office's phone) a change to `date`'s `run` past the cut-off: ABSENCE_CUTOFF_MINUTES before
 * the planned time at the child's stop. A past date, or a trip already finished, is always past it; a run with no
 * planned time at all can be changed until its day is over.
 */
export async function checkCutoff(
  deps: ParentPortalServiceDeps,
  studentId: string,
  date: string,
  run: Run,
): Promise<void> {
  if (date < todayOf(deps)) throw tooLate(deps);
  const { at, trip } = await plannedAtStop(deps, studentId, date, run);
  if (trip?.status === 'COMPLETED') throw tooLate(deps);
  if (at && deps.clock().getTime() > at.getTime() - deps.absenceCutoffMinutes * 60_000) throw tooLate(deps);
}

/** What runsOfDay reads once for all the children of a day. */
interface DayFacts {
  tripsOfChild: (studentId: string) => TripFacts[];
  tripsOfAssignment: (assignmentId: string) => TripFacts[];
  /** Approved stop changes of the day (decision 057): the run, assignment and stop a child rides instead. */
  moved: Awaited<ReturnType<typeof changesOfChildrenOn>>;
  stops: Awaited<ReturnType<typeof childStops>>;
  absences: Awaited<ReturnType<typeof absencesOfChildren>>;
  seats: Awaited<ReturnType<typeof seatsOf>>;
  schedule: Awaited<ReturnType<typeof scheduledStopTimes>>;
}

/** Each of `children` with their runs of `date`, as the parent `userId` reads them. */
export async function runsOfDay(
  deps: ParentPortalServiceDeps,
  userId: string,
  children: ChildRow[],
  date: string,
): Promise<ParentChild[]> {
  const { db, urls } = deps;
  const ids = children.map((child) => child.id);
  const moved = await changesOfChildrenOn(db, ids, date);
  const alsoAssignments = [...new Set(moved.map((change) => change.assignmentId))];
  const [{ tripsOfChild, tripsOfAssignment }, stops, absences] = await Promise.all([
    tripsOf(deps, children, { from: date, to: date, sinceSeated: false, alsoAssignments }),
    ids.length ? childStops(db, ids) : Promise.resolve([]),
    absencesOfChildren(db, ids, date, date),
  ]);
  const seats = ids.length ? await seatsOf(db, ids) : [];
  const routeIds = [...seats.map((seat) => seat.routeId), ...moved.map((change) => change.routeId)];
  const schedule = await scheduledStopTimes(db, [...new Set(routeIds)]);
  const day: DayFacts = { tripsOfChild, tripsOfAssignment, moved, stops, absences, seats, schedule };
  const answers: ParentChild[] = [];
  for (const child of children) {
    const runs: ChildRun[] = [];
    for (const run of RUNS) runs.push(await childRun(deps, { userId, child, date, run }, day));
    answers.push({
      id: child.id,
      name: child.name,
      profileImage: urls.urlFor('student', child.profileImage),
      date,
      runs,
    });
  }
  return answers;
}

/** Who drives the trip now, and which of driver and bus stand in for the plan under a cover. */
const comingOf = (trip: PortalTripRow): NonNullable<ChildRun['coming']> => ({
  driverName: trip.driverName,
  vehiclePlate: trip.vehiclePlate,
  substituteDriver: trip.coverId !== null && trip.plannedDriverId !== trip.driverId,
  substituteVehicle: trip.coverId !== null && trip.plannedVehicleId !== trip.vehicleId,
});

/** One child's run of a day: its trip, state, stop and times, and whether the parent may see the bus now. */
async function childRun(
  { board, timeZone }: Pick<ParentPortalServiceDeps, 'board' | 'timeZone'>,
  { userId, child, date, run }: { userId: string; child: ChildRow; date: string; run: Run },
  day: DayFacts,
): Promise<ChildRun> {
  // An approved stop change moves the child to another stop, maybe of another route's run, that day (057).
  const change = day.moved.find((row) => row.studentId === child.id && row.run === run);
  const candidates = change ? day.tripsOfAssignment(change.assignmentId) : day.tripsOfChild(child.id);
  const facts = tripOfRun(candidates, run);
  const stop = change ?? day.stops.find((row) => row.studentId === child.id && row.run === run) ?? null;
  const absence = day.absences.find((row) => row.studentId === child.id && row.run === run) ?? null;
  const events = facts?.events.get(child.id) ?? [];
  const status = facts?.trip.status ?? null;
  const state = childRunState(
    status,
    riderStateOf(events, { studentId: child.id, absent: absence !== null }),
  );
  const tripStop = stop && facts ? facts.stops.find((row) => row.stopId === stop.stopId) : undefined;
  let planned: Date | null = tripStop?.plannedAt ?? null;
  if (!facts && stop) {
    const routeId = change?.routeId ?? day.seats.find((row) => row.studentId === child.id)?.routeId;
    const scheduled = day.schedule.find(
      (row) => row.routeId === routeId && row.run === run && row.stopId === stop.stopId,
    );
    if (scheduled) planned = scheduledAt(date, scheduled, timeZone);
  }
  let eta: string | null = null;
  if (state === 'ON_THE_WAY' && facts && tripStop) {
    // The board's estimate of the whole trip (eta.ts), read for this one stop.
    const details = await board.trip(facts.trip.id);
    eta = details.stops.find((row) => row.position === tripStop.position)?.eta ?? null;
  }
  return {
    run,
    tripId: facts?.trip.id ?? null,
    tripStatus: status,
    routeName: facts?.trip.routeName ?? null,
    state,
    stop: stop && { name: stop.name, lat: stop.lat, lng: stop.lng },
    plannedTime: planned && zonedClockTime(planned, timeZone),
    eta,
    boarded: momentOf(events, 'BOARD', facts?.stops ?? []),
    left: momentOf(events, 'ALIGHT', facts?.stops ?? []),
    handOverMiss: state === 'BOARDED' ? standingMiss(facts, child.id) : null,
    absence: absence && absenceForParent(userId)(absence),
    cancelReason: status === 'CANCELLED' ? (facts!.trip.finishReason ?? null) : null,
    coming: facts && status !== 'CANCELLED' ? comingOf(facts.trip) : null,
    delay:
      facts?.trip.delayMinutes && (status === 'PENDING' || status === 'STARTED')
        ? { minutes: facts.trip.delayMinutes, reason: facts.trip.delayReason ?? '' }
        : null,
    rescue: facts?.trip.rescueOfTripId
      ? {
          vehiclePlate: facts.trip.vehiclePlate,
          reason:
            candidates.find(({ trip }) => trip.id === facts.trip.rescueOfTripId)?.trip.finishReason ?? '',
        }
      : null,
    // The bus of a run the child was moved onto is not followed live here: its position and stream are granted
    // by the child's seat (busOfTrip, live access), which the change does not touch.
    busVisible:
      !change &&
      busVisibleFor(status, state, {
        childStop: tripStop && facts ? facts.stops.indexOf(tripStop) : null,
        reached: facts ? lastReached(facts.stops) : -1,
      }),
  };
}

export function settings({
  absenceCutoffMinutes,
  officePhone,
}: ParentPortalServiceDeps): ParentPortalSettings {
  return { absenceCutoffMinutes, officePhone };
}

/** Each active child with their runs of `date` (today by default); a deactivated one drops out (decision 076). */
export async function childrenOfParent(
  deps: ParentPortalServiceDeps,
  userId: string,
  date?: string,
): Promise<ParentChild[]> {
  const { children } = await family(deps.db, userId);
  return runsOfDay(
    deps,
    userId,
    children.filter((child) => child.active),
    date ?? todayOf(deps),
  );
}

/** Why the bus of a trip carrying the parent's child may not be shown now, in words a parent understands. */
function busHiddenReason(status: TripStatus, runs: ChildRun[]): string {
  if (status === 'PENDING') return 'The bus has not set out yet.';
  if (status === 'CANCELLED') return 'This trip was cancelled.';
  if (status === 'COMPLETED') return 'This trip is over.';
  return runs.some((run) => run.state === 'ON_THE_WAY')
    ? `The bus is shown from ${PARENT_BUS_STOPS_BEFORE} stops before your child's stop.`
    : 'The bus is shown only while it carries your child.';
}

/**
 * The bus of a trip carrying one of the parent's children: its last position while the rule allows, else null and
 * why. 404 for a trip that never carries their child.
 */
export async function busOfTrip(
  deps: ParentPortalServiceDeps,
  userId: string,
  tripId: string,
): Promise<ParentBusAnswer> {
  const { db, clock } = deps;
  const { children } = await family(db, userId);
  const trip = await tripById(db, tripId);
  if (!trip || !children.length) throw tripNotFound();
  const answers = await runsOfDay(deps, userId, children, trip.tripDate);
  const runs = answers.flatMap((child) => child.runs).filter((run) => run.tripId === tripId);
  if (!runs.length) throw tripNotFound();
  if (!runs.some((run) => run.busVisible)) return { bus: null, reason: busHiddenReason(trip.status, runs) };
  const [fix] = await latestFixesOf(db, [tripId]);
  if (!fix) return { bus: null, reason: 'The bus has not sent its position yet.' };
  if (clock().getTime() - fix.recordedAt.getTime() > PARENT_BUS_HIDDEN_AFTER_S * 1000)
    return { bus: null, reason: 'The bus has not sent its position for over a minute.' };
  return {
    bus: {
      tripId,
      lat: fix.lat,
      lng: fix.lng,
      accuracy: fix.accuracy,
      recordedAt: iso(fix.recordedAt),
    },
    reason: null,
  };
}

/** The child's upcoming absences and those of the last ABSENCES_PAST_DAYS days (the office's rule). */
export async function absencesOf(
  { db, absences }: ParentPortalServiceDeps,
  userId: string,
  studentId: string,
): Promise<Absence[]> {
  await ownChild(db, userId, studentId);
  return absences.ofStudent(studentId, absenceForParent(userId));
}

/**
 * Marks the child not riding, as the office would (the same table and rules, `by` the parent), up to the cut-off
 * of each run it covers.
 */
export async function markAbsent(
  deps: ParentPortalServiceDeps,
  userId: string,
  studentId: string,
  input: ParentAbsenceInput,
  context: ChangeContext,
): Promise<Absence[]> {
  await ownChild(deps.db, userId, studentId);
  const runs = input.run === 'BOTH' ? [...RUNS] : [input.run];
  for (const run of runs) await checkCutoff(deps, studentId, input.date, run);
  return deps.absences.mark(
    studentId,
    { date: input.date, run: input.run, reason: null },
    context,
    absenceForParent(userId),
  );
}

/** Removes an absence the parent entered, before its run's cut-off; the office's marks stay the office's. */
export async function removeAbsence(
  deps: ParentPortalServiceDeps,
  userId: string,
  absenceId: string,
  context: ChangeContext,
): Promise<void> {
  const { db, officePhone } = deps;
  const row = await absenceById(db, absenceId);
  const { children } = await family(db, userId);
  if (!row || !children.some((child) => child.id === row.studentId)) throw absenceNotFound();
  if (row.createdBy !== userId)
    throw refusal(
      409,
      officePhone
        ? { code: 'refusal.absence.officeMarkedCall', params: { phone: officePhone } }
        : { code: 'refusal.absence.officeMarked' },
    );
  await checkCutoff(deps, row.studentId, row.date, row.run);
  await deps.absences.remove(absenceId, context);
}

/** The child's runs of the last PARENT_HISTORY_DAYS days, newest first. */
export async function history(
  deps: ParentPortalServiceDeps,
  userId: string,
  studentId: string,
): Promise<ChildHistoryEntry[]> {
  const child = await ownChild(deps.db, userId, studentId);
  const to = todayOf(deps);
  const from = addDays(to, -PARENT_HISTORY_DAYS);
  const [{ tripsOfChild }, absenceRows] = await Promise.all([
    tripsOf(deps, [child], { from, to, sinceSeated: true }),
    absencesOfChildren(deps.db, [studentId], from, to),
  ]);
  return (
    tripsOfChild(studentId)
      // A run combined into another is told by the host trip it rode with (decision 061).
      .filter(({ ridesWith }) => ridesWith === null)
      .map((facts): ChildHistoryEntry => {
        const { trip, stops, events } = facts;
        const own = events.get(studentId) ?? [];
        const absent = absenceRows.some((row) => row.date === trip.tripDate && row.run === trip.type);
        const state = childRunState(trip.status, riderStateOf(own, { studentId, absent }));
        return {
          date: trip.tripDate,
          run: trip.type,
          tripId: trip.id,
          routeName: trip.routeName,
          tripStatus: trip.status,
          state,
          boarded: momentOf(own, 'BOARD', stops),
          left: momentOf(own, 'ALIGHT', stops),
          handOverMiss: state === 'BOARDED' ? standingMiss(facts, studentId) : null,
        };
      })
      .sort((a, b) => b.date.localeCompare(a.date) || a.run.localeCompare(b.run))
  );
}

/** Everything kept about the family (parent, children, absences, rides, notification choices, devices). */
export async function familyData(
  { db, clock }: ParentPortalServiceDeps,
  userId: string,
): Promise<ParentFamilyData> {
  const parent = await parentOfUser(db, userId);
  if (!parent) throw refusal(404, { code: 'refusal.noFamily' });
  const records = await familyRecords(db, parent.id);
  const { userId: _userId, createdAt, ...own } = records.parent!;
  return {
    exportedAt: iso(clock()),
    parent: { ...own, createdAt: iso(createdAt) },
    children: records.children.map((child) => ({ ...child, createdAt: iso(child.createdAt) })),
    absences: records.absences.map(({ createdBy, ...row }) => ({
      ...row,
      by: createdBy === userId ? row.by : OFFICE_BY,
      createdAt: iso(row.createdAt),
    })),
    ridershipEvents: records.events.map((row) => ({
      ...row,
      studentId: row.studentId!,
      occurredAt: iso(row.occurredAt),
    })),
    notificationPreferences: records.preferences ? preferencesOnly(records.preferences) : null,
    pushSubscriptions: records.subscriptions.map((row) => ({
      endpointHost: new URL(row.endpoint).host,
      label: row.label,
      createdAt: iso(row.createdAt),
    })),
  };
}

type NotificationPreferencesRow = typeof notificationPreferences.$inferSelect;

/** A stored preferences row without its keys: the choices as the parent made them. */
const preferencesOnly = ({ userId: _user, updatedAt: _updated, ...choices }: NotificationPreferencesRow) =>
  choices;
