import {
  RUN_NAMES,
  TRIP_MOVES,
  TRIP_TYPES,
  countBoarded,
  riderStates,
  studentOfEvent,
  type GenerateTripsAnswer,
  type RescueAnswer,
  type RescueTripInput,
  type Student,
  type Trip,
  type TripDetails,
  type TripListQuery,
  type TripMove,
  type TripStatus,
  type TripType,
} from '@school-transport/shared';
import { ridesTripOf } from '../../../db/active-records.js';
import type { Database, Executor } from '../../../db/client.js';
import type { ChangeActor, ChangeContext } from '../../../lib/change-context.js';
import type { Clock } from '../../../lib/clock.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { zonedDate, zonedInstant } from '../../../lib/zoned-time.js';
import { recordAudit } from '../../platform/audit/index.js';
import type { RidingOn } from './trip-combine-service.js';
import { combinesOfTrip } from './trip-combines.js';
import type { LiveLog } from '../live/index.js';
import type { NotificationDispatcher } from '../notifications/index.js';
import {
  applyCovers,
  countAssignments,
  driverUserIdsOf,
  findTrip,
  handOverRiders,
  insertRescueTrip,
  insertTripEvents,
  lockStandInDriver,
  lockStandInVehicle,
  markHandedOver,
  riderEventsOf,
  setDelay,
  setFinishReason,
  startedTripOf,
  insertTripsOfDay,
  insertTripStops,
  deleteTripStops,
  pendingTripsOfRoutes,
  setPlannedStart,
  listTrips,
  lockTrip,
  moveTrip,
  moveTripsOn,
  runStartTimes,
  tripHistory,
  type TripRow,
} from './trip-queries.js';
import { tellParentsOfCancelled, tellParentsOfDelay, tellParentsOfHandover } from './trip-notifications.js';

const tripNotFound = () => notFound('Trip not found.');

/** The column each status move stamps with the server's time. */
const STAMPED = { start: 'startedAt', complete: 'completedAt', cancel: 'cancelledAt' } as const;
const PAST_TENSE = { start: 'started', complete: 'completed', cancel: 'cancelled' } as const;

export const toTrip = (row: TripRow): Trip => ({
  id: row.id,
  assignmentId: row.assignmentId,
  type: row.type,
  status: row.status,
  date: row.tripDate,
  startedAt: row.startedAt?.toISOString() ?? null,
  completedAt: row.completedAt?.toISOString() ?? null,
  cancelledAt: row.cancelledAt?.toISOString() ?? null,
  plannedStartAt: row.plannedStartAt?.toISOString() ?? null,
  route: { name: row.routeName },
  driver: { name: row.driverName, licenseNo: row.driverLicenseNo, phone: row.driverPhone },
  vehicle: { licensePlate: row.vehiclePlate },
  cover:
    row.plannedDriverName !== null && row.plannedVehiclePlate !== null
      ? {
          id: row.coverId,
          plannedDriver: { name: row.plannedDriverName },
          plannedVehicle: { licensePlate: row.plannedVehiclePlate },
        }
      : null,
  finishReason: row.finishReason,
  delay: row.delayMinutes !== null ? { minutes: row.delayMinutes, reason: row.delayReason ?? '' } : null,
  handedOverTo: row.handedOverToTripId,
  rescueOf: row.rescueOfTripId,
  createdAt: row.createdAt.toISOString(),
});

/** How a refusal names a trip: "North 1’s morning run". */
const runInWords = (trip: { routeName: string; type: TripType }) =>
  `${trip.routeName}’s ${RUN_NAMES[trip.type]}`;

/**
 * A 'trip' event as the live log keeps it: clients are sent only which trip changed (LIVE_EVENTS), the status is
 * for the streams that decide on the server what a viewer may see (a parent's: the bus only on a started trip).
 */
export interface LoggedTripStatus {
  tripId: string;
  status: TripStatus;
}

/**
 * The live stream's 'trip' events of trips that took `status`, in the transaction that moved them, each for its
 * driver's stream too (their driver as they are now). Whoever commits that transaction calls `live.committed()`.
 */
export async function writeStatusEvents(
  tx: Executor,
  live: Pick<LiveLog, 'write'>,
  ids: string[],
  status: TripStatus,
): Promise<void> {
  if (!ids.length) return;
  const driverUserIds = await driverUserIdsOf(tx, ids);
  await live.write(
    tx,
    ids.map((tripId) => ({
      type: 'trip' as const,
      tripId,
      driverUserId: driverUserIds.get(tripId) ?? null,
      payload: { tripId, status } satisfies LoggedTripStatus,
    })),
  );
}

/**
 * One status move of TRIP_MOVES inside the caller's transaction, with its history row, audit entry naming who
 * moved it (an administrator, or the driver from the driver app) and live event (the caller calls
 * `live.committed()` once its transaction commits). One conditional UPDATE (moveTrip): answers the moved trip, or
 * undefined when there is no such trip in a status the move starts from; the caller says why.
 */
export async function moveTripIn(
  tx: Executor,
  id: string,
  move: TripMove,
  { context, at, live }: { context: ChangeContext; at: Date; live: Pick<LiveLog, 'write'> },
): Promise<TripRow | undefined> {
  const { from, to } = TRIP_MOVES[move];
  const row = await moveTrip(tx, id, from, { status: to, [STAMPED[move]]: at, updatedAt: at });
  if (!row) return undefined;
  await insertTripEvents(tx, [
    { tripId: id, status: to, at, actorId: context.actor.id, actorEmail: context.actor.email },
  ]);
  await recordAudit(tx, { ...context, action: `trip.${PAST_TENSE[move]}`, entityType: 'trip', entityId: id });
  await writeStatusEvents(tx, live, [id], to);
  return row;
}

/** Why the calendar cancelled a trip: also how a day made a school day again finds the trips to put back. */
export const CALENDAR_CANCEL_REASON = 'No school that day (school calendar).';

/** History rows and audit entries for trips moved together, not by a driver. */
export async function recordStatusOf(
  tx: Executor,
  ids: string[],
  status: TripStatus,
  action: string,
  context: ChangeContext,
  at: Date,
): Promise<void> {
  if (!ids.length) return;
  await insertTripEvents(
    tx,
    ids.map((tripId) => ({ tripId, status, at, actorId: context.actor.id, actorEmail: context.actor.email })),
  );
  for (const id of ids) await recordAudit(tx, { ...context, action, entityType: 'trip', entityId: id });
}

/**
 * Creates the PENDING pickup and drop trips of every assignment on each of `dates`, in the caller's transaction:
 * each with its run's start on that day in `timeZone` and a copy of the run's stops, so the trips and their stops
 * land together or not at all. Existing trips are left as they are. Answers the ids of the new trips.
 */
async function createTripsOn(
  tx: Executor,
  dates: string[],
  { timeZone, at, actor }: { timeZone: string; at: Date; actor: ChangeActor | null },
): Promise<string[]> {
  const created: string[] = [];
  for (const type of TRIP_TYPES) {
    const times = await runStartTimes(tx, type);
    for (const date of dates) {
      const starts = times.map(({ routeId, startTime }) => ({
        routeId,
        startsAt: zonedInstant(date, startTime, timeZone).toISOString(),
      }));
      const ids = (await insertTripsOfDay(tx, date, type, starts)).map((row) => row.id);
      await insertTripStops(tx, ids);
      created.push(...ids);
    }
  }
  // A cover made before its days' trips existed: they are generated with the substitute (decision 054).
  if (created.length) await applyCovers(tx, { dates });
  if (created.length)
    await insertTripEvents(
      tx,
      created.map((tripId) => ({
        tripId,
        status: 'PENDING' as const,
        at,
        actorId: actor?.id ?? null,
        actorEmail: actor?.email ?? null,
      })),
    );
  return created;
}

/**
 * The PENDING trips of `routeIds` from `fromDate` on follow their routes' runs as they are now: the run's start
 * on the trip's day in `timeZone` and a fresh copy of its stops. For a change that rewrites who rides where (an
 * accepted plan): a trip generated before it would otherwise carry the new seats without their stops. Started and
 * finished trips keep what they ran with.
 */
export async function pendingTripsFollowRoutes(
  tx: Executor,
  routeIds: string[],
  { fromDate, timeZone }: { fromDate: string; timeZone: string },
): Promise<number> {
  if (!routeIds.length) return 0;
  const pending = await pendingTripsOfRoutes(tx, routeIds, fromDate);
  for (const trip of pending)
    await setPlannedStart(
      tx,
      trip.id,
      trip.startTime ? zonedInstant(trip.date, trip.startTime, timeZone) : null,
    );
  const ids = pending.map((trip) => trip.id);
  await deleteTripStops(tx, ids);
  await insertTripStops(tx, ids);
  return ids.length;
}

export interface TripServiceDeps {
  db: Database;
  clock: Clock;
  /** The operator's time zone: run start times are read in it, and it says which day is today. */
  timeZone: string;
  studentsOf(assignmentId: string): Promise<Student[]>;
  /** Status moves go on the live stream. */
  live: LiveLog;
  /** Parents are told of a cancelled trip of today or tomorrow (trip-notifications.ts). */
  notifications: Pick<NotificationDispatcher, 'wake'>;
  /**
   * Expired blockers, defects and a missing inspection refuse the office's start too (an admin may override).
   * Declared here rather than imported: compliance locks trips through this module's queries.
   */
  compliance: TripStartGate;
  /** Where children ride on a day's run (stop-changes' rule, as the combine service is handed it). */
  ridingOn: RidingOn;
}

/** What starting a trip asks of compliance (ComplianceService has it), inside the start's transaction. */
export interface TripStartGate {
  assertTripMayStart(
    tx: Executor,
    trip: { id: string; driverId: string | null; vehicleId: string | null },
    office?: { reason?: string; context: ChangeContext },
  ): Promise<void>;
  /** A rescue's driver and vehicle, checked as a cover's substitutes are (decision 054): blockers in words. */
  coverBlockers(
    tx: Executor,
    holder: { driverId: string | null; vehicleId: string | null },
    lastDay: string,
  ): Promise<string[]>;
}

export function createTripService({
  db,
  clock,
  timeZone,
  studentsOf,
  live,
  notifications,
  compliance,
  ridingOn,
}: TripServiceDeps) {
  /** `date`'s trips, by `actor` (null: the server itself), with an audit entry; in a transaction of its own. */
  const generateDay = (date: string, context: ChangeContext | { actor: null }) =>
    db.transaction(async (tx): Promise<GenerateTripsAnswer> => {
      const created = await createTripsOn(tx, [date], { timeZone, at: clock(), actor: context.actor });
      const expected = (await countAssignments(tx)) * TRIP_TYPES.length;
      await recordAudit(tx, {
        ...context,
        action: 'trips.generated',
        entityType: 'trip',
        details: { date, created: created.length },
      });
      return { date, created: created.length, existing: expected - created.length };
    });

  return {
    async list(query: TripListQuery) {
      const { rows, total } = await listTrips(db, query, zonedDate(clock(), timeZone));
      return { rows: rows.map(toTrip), total };
    },

    async get(id: string): Promise<TripDetails> {
      const row = await findTrip(db, id);
      if (!row) throw tripNotFound();
      const [history, seated, joins] = await Promise.all([
        tripHistory(db, id),
        row.assignmentId ? studentsOf(row.assignmentId) : Promise.resolve([]),
        combinesOfTrip(db, id),
      ]);
      // A child deactivated before the trip was to start is not on it (decision 076).
      const students = seated.filter((student) => ridesTripOf(student.deactivatedAt, row));
      // A host lists the joined runs' children who ride with it that day (the one rule: not one moved elsewhere).
      const joined = joins.filter((join) => join.hostTripId === id);
      const joiningStudents = [];
      if (joined.length && row.assignmentId) {
        const riding = await ridingOn(db, row.tripDate, row.type);
        for (const join of joined) {
          const joinedTrip = await findTrip(db, join.joinedTripId);
          if (!joinedTrip?.assignmentId) continue;
          for (const student of await studentsOf(joinedTrip.assignmentId))
            if (
              riding.get(student.id)?.assignmentId === row.assignmentId &&
              ridesTripOf(student.deactivatedAt, row)
            )
              joiningStudents.push({ ...student, fromRouteName: join.joinedRouteName });
        }
      }
      return {
        ...toTrip(row),
        students,
        joiningStudents,
        history: history.map((event) => ({ ...event, at: event.at.toISOString() })),
      };
    },

    /** The PENDING pickup and drop trips of every assignment for `date`; existing ones stay as they are. */
    generate(date: string, context: ChangeContext): Promise<GenerateTripsAnswer> {
      return generateDay(date, context);
    },

    /** `generate` without a signed-in person: the demo's data set calls it (audited as the server's). */
    generateTripsFor(date: string): Promise<GenerateTripsAnswer> {
      return generateDay(date, { actor: null });
    },

    /**
     * The daily job's part: the trips of every one of `dates`, in the job's own transaction (the one that claimed
     * the day), audited as the server's. Answers how many trips were made.
     */
    async generateAhead(tx: Executor, dates: string[]): Promise<number> {
      const created = await createTripsOn(tx, dates, { timeZone, at: clock(), actor: null });
      await recordAudit(tx, {
        actor: null,
        action: 'trips.generated',
        entityType: 'trip',
        details: { dates, created: created.length },
      });
      return created.length;
    },

    /**
     * Cancels `date`'s PENDING trips in the caller's transaction (the day is no school day any more), each with the
     * calendar's reason, its history row, an audit entry and a live event (the caller calls `live.committed()` after
     * its commit). Answers how many.
     */
    async cancelPendingOn(tx: Executor, date: string, context: ChangeContext): Promise<number> {
      const at = clock();
      const ids = await moveTripsOn(
        tx,
        date,
        { status: 'PENDING' },
        { status: 'CANCELLED', cancelledAt: at, finishReason: CALENDAR_CANCEL_REASON, updatedAt: at },
      );
      await recordStatusOf(tx, ids, 'CANCELLED', 'trip.cancelled', context, at);
      await writeStatusEvents(tx, live, ids, 'CANCELLED');
      // Not woken here (the caller's transaction has not committed): the dispatcher's own timer sends them.
      await tellParentsOfCancelled(tx, ids, {
        today: zonedDate(at, timeZone),
        reason: CALENDAR_CANCEL_REASON,
      });
      return ids.length;
    },

    /**
     * `date` is a school day again: the trips the calendar cancelled are PENDING again, and the ones the daily job
     * would have made, when `generate` (the date is in its window), are made. The trips put back go on the live
     * stream (the caller calls `live.committed()` after its commit); new ones are not news to anyone yet. Answers
     * how many trips are planned.
     */
    async plan(tx: Executor, date: string, generate: boolean, context: ChangeContext): Promise<number> {
      const at = clock();
      const back = await moveTripsOn(
        tx,
        date,
        { status: 'CANCELLED', reason: CALENDAR_CANCEL_REASON },
        { status: 'PENDING', cancelledAt: null, finishReason: null, updatedAt: at },
      );
      await recordStatusOf(tx, back, 'PENDING', 'trip.reinstated', context, at);
      await writeStatusEvents(tx, live, back, 'PENDING');
      if (!generate) return back.length;
      const created = await createTripsOn(tx, [date], { timeZone, at, actor: context.actor });
      if (created.length)
        await recordAudit(tx, {
          ...context,
          action: 'trips.generated',
          entityType: 'trip',
          details: { dates: [date], created: created.length },
        });
      return back.length + created.length;
    },

    /**
     * One status move, in one conditional UPDATE (moveTrip), so two racing moves cannot both succeed. Anything
     * else is a 404 (no trip) or a 409 (wrong status).
     */
    async move(
      id: string,
      move: TripMove,
      context: ChangeContext,
      { overrideReason, cancelReason }: { overrideReason?: string; cancelReason?: string } = {},
    ): Promise<Trip> {
      const at = clock();
      const { trip, told } = await db.transaction(async (tx) => {
        if (move === 'start') {
          // Locked first, so its driver and vehicle cannot change between the compliance check and the start.
          const pending = await lockTrip(tx, id);
          if (pending?.status === 'PENDING')
            await compliance.assertTripMayStart(tx, pending, { reason: overrideReason, context });
        }
        const moved = await moveTripIn(tx, id, move, { context, at, live });
        if (!moved) {
          const existing = await findTrip(tx, id);
          if (!existing) throw tripNotFound();
          throw conflict(`This trip is ${existing.status}; it cannot be ${PAST_TENSE[move]}.`);
        }
        // The office's reason for a cancellation is kept on the trip: the office and the parents read it.
        const row = cancelReason ? await setFinishReason(tx, id, cancelReason) : moved;
        const told =
          move === 'cancel'
            ? await tellParentsOfCancelled(tx, [id], {
                today: zonedDate(at, timeZone),
                reason: row.finishReason,
              })
            : 0;
        return { trip: toTrip(row), told };
      });
      live.committed();
      if (told) notifications.wake();
      return trip;
    },

    /**
     * Marks a PENDING or STARTED trip of today or later `minutes` late with `reason` (0 takes the delay back). The
     * same minutes and reason again change nothing and tell nobody; each change is told once to the parents of the
     * seated children (decision 056). Audited, and on the live stream.
     */
    async delay(
      id: string,
      input: { minutes: number; reason: string },
      context: ChangeContext,
    ): Promise<Trip> {
      const at = clock();
      const today = zonedDate(at, timeZone);
      const { trip, told } = await db.transaction(async (tx) => {
        const locked = await lockTrip(tx, id);
        if (!locked) throw tripNotFound();
        const row = (await findTrip(tx, id))!;
        if (row.status !== 'PENDING' && row.status !== 'STARTED')
          throw conflict(`This trip is ${row.status}: only a trip still to run or running can be delayed.`);
        if (row.tripDate < today)
          throw conflict(`This trip was on ${row.tripDate}: only a trip of today or later can be delayed.`);
        const minutes = input.minutes || null;
        const reason = minutes === null && row.delayMinutes === null ? null : input.reason;
        if (minutes === row.delayMinutes && reason === row.delayReason) return { trip: toTrip(row), told: 0 };
        const changed = await setDelay(tx, id, { minutes, reason, at });
        await recordAudit(tx, {
          ...context,
          action: minutes ? 'trip.delayed' : 'trip.delayCleared',
          entityType: 'trip',
          entityId: id,
          details: { minutes: minutes ?? 0, reason: input.reason },
        });
        await writeStatusEvents(tx, live, [id], changed.status);
        const told =
          minutes === null && row.delayMinutes === null
            ? 0
            : await tellParentsOfDelay(tx, id, {
                today,
                minutes: minutes ?? 0,
                reason: input.reason,
                changedAt: at,
              });
        return { trip: toTrip(changed), told };
      });
      live.committed();
      if (told) notifications.wake();
      return trip;
    },

    /**
     * A breakdown mid-run (decision 056): the STARTED trip's children on board go to a rescue trip of the same run,
     * with another driver and vehicle, STARTED at once with them on board; the original ends (COMPLETED, handed
     * over, with the reason), with the children recorded as having left it, so no 'finished with a child on
     * board' alarm is due. The rescue driver must be free (on no started trip), the vehicle too and seat them, and
     * both pass the compliance gate a cover's substitute passes. The parents of the children on board are told
     * which bus carries their child now. One transaction.
     */
    async rescue(id: string, input: RescueTripInput, context: ChangeContext): Promise<RescueAnswer> {
      const at = clock();
      const today = zonedDate(at, timeZone);
      const { answer, told } = await db.transaction(async (tx) => {
        const locked = await lockTrip(tx, id);
        if (!locked) throw tripNotFound();
        const original = (await findTrip(tx, id))!;
        if (original.status !== 'STARTED')
          throw conflict(
            `This trip is ${original.status}: only a running trip can be handed over to a rescue vehicle.`,
          );
        const driver = await lockStandInDriver(tx, input.driverId);
        if (!driver) throw notFound('The rescue driver was not found.');
        const vehicle = await lockStandInVehicle(tx, input.vehicleId);
        if (!vehicle) throw notFound('The rescue vehicle was not found.');
        if (vehicle.id === original.vehicleId)
          throw conflict(`${vehicle.licensePlate} is the bus that broke down: choose another vehicle.`, [
            { field: 'vehicleId', message: 'Choose another vehicle' },
          ]);
        const driverBusy = await startedTripOf(tx, { driverId: driver.id });
        if (driverBusy)
          throw conflict(
            `${driver.name} is driving ${runInWords(driverBusy)} now: choose a driver who is free.`,
            [{ field: 'driverId', message: 'Choose a driver who is free' }],
          );
        const vehicleBusy = await startedTripOf(tx, { vehicleId: vehicle.id });
        if (vehicleBusy)
          throw conflict(
            `${vehicle.licensePlate} is on ${runInWords(vehicleBusy)} now: choose a vehicle that is free.`,
            [{ field: 'vehicleId', message: 'Choose a vehicle that is free' }],
          );
        const events = await riderEventsOf(tx, id);
        const states = riderStates(events, { childOf: studentOfEvent });
        const onBoard = countBoarded(states);
        if (onBoard > vehicle.capacity)
          throw conflict(
            `${vehicle.licensePlate} has ${vehicle.capacity} seats; ${onBoard} children are on board: choose a bigger vehicle.`,
            [{ field: 'vehicleId', message: 'Choose a vehicle with enough seats' }],
          );
        const blockers = await compliance.coverBlockers(
          tx,
          { driverId: driver.id, vehicleId: vehicle.id },
          today,
        );
        if (blockers.length)
          throw conflict(`The rescue cannot run: ${blockers.join(' ')}`, [
            ...blockers.map((message) => ({ field: 'compliance', message })),
          ]);

        const rescue = await insertRescueTrip(tx, original, { driver, vehicle, at });
        const riders = [...states]
          .filter(([, state]) => state === 'ON_BUS')
          .map(([studentId]) => ({
            studentId,
            studentName: events.find((event) => event.studentId === studentId)?.studentName ?? null,
          }));
        await handOverRiders(tx, { from: id, to: rescue.id, riders, at, actorId: context.actor.id });
        await insertTripEvents(tx, [
          {
            tripId: rescue.id,
            status: 'STARTED',
            at,
            actorId: context.actor.id,
            actorEmail: context.actor.email,
          },
        ]);
        await moveTripIn(tx, id, 'complete', { context, at, live });
        await markHandedOver(tx, id, { rescueTripId: rescue.id, reason: input.reason });
        await recordAudit(tx, {
          ...context,
          action: 'trip.rescued',
          entityType: 'trip',
          entityId: rescue.id,
          details: { from: id, children: riders.length, reason: input.reason },
        });
        await writeStatusEvents(tx, live, [rescue.id], 'STARTED');
        const told = await tellParentsOfHandover(
          tx,
          { tripId: id, rescueTripId: rescue.id, studentIds: riders.map((rider) => rider.studentId) },
          { today, vehiclePlate: vehicle.licensePlate, driverName: driver.name, reason: input.reason },
        );
        return { answer: { rescueTrip: toTrip(rescue), childrenHandedOver: riders.length }, told };
      });
      live.committed();
      if (told) notifications.wake();
      return answer;
    },
  };
}
export type TripService = ReturnType<typeof createTripService>;
