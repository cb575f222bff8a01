import {
  dayInWords,
  type Cover,
  type CoverAnswer,
  type CoverData,
  type CoverListQuery,
  type CoverUndone,
  type TripType,
} from '@school-transport/shared';
import type { Database } from '../../../db/client.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import type { Clock } from '../../../lib/clock.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import { zonedDate } from '../../../lib/zoned-time.js';
import { recordAudit } from '../../platform/audit/index.js';
import type { ComplianceService } from '../compliance/index.js';
import type { LiveLog } from '../live/index.js';
import type { NotificationDispatcher } from '../notifications/index.js';
import {
  applyCovers,
  lockStandInDriver,
  lockStandInVehicle,
  pendingTripsFollowAssignment,
  writeStatusEvents,
} from '../trips/index.js';
import {
  clashesOf,
  coverById,
  coversMeeting,
  coversOfAssignmentMeeting,
  coversWithNames,
  deleteCover,
  insertCover,
  lockAssignment,
  lockCover,
  pendingTripsOfCover,
  seatedCount,
  tripsLeftAsRun,
  type CoverWithNames,
} from './cover-queries.js';
import { tellParentsOfCover } from './cover-notifications.js';

const RUN_WORDS: Record<TripType, string> = { PICKUP: 'pickup', DROP: 'drop' };
const runInWords = (run: TripType | null) => (run ? `the ${RUN_WORDS[run]} run` : 'both runs');
const daysInWords = (first: string, last: string) =>
  first === last ? `on ${dayInWords(first)}` : `from ${dayInWords(first)} to ${dayInWords(last)}`;

const coverNotFound = () => notFound('Cover not found.');

const toCover = (row: CoverWithNames): Cover => ({
  id: row.cover.id,
  assignmentId: row.cover.assignmentId,
  routeName: row.routeName,
  firstDate: row.cover.firstDate,
  lastDate: row.cover.lastDate,
  run: row.cover.run,
  planned: { driverName: row.plannedDriverName, vehiclePlate: row.plannedVehiclePlate },
  driver: row.cover.driverId && row.driverName ? { id: row.cover.driverId, name: row.driverName } : null,
  vehicle:
    row.cover.vehicleId && row.vehiclePlate
      ? { id: row.cover.vehicleId, licensePlate: row.vehiclePlate }
      : null,
  reason: row.cover.reason,
  createdBy: row.cover.createdByName,
  createdAt: row.cover.createdAt.toISOString(),
});

export interface CoverServiceDeps {
  db: Database;
  clock: Clock;
  /** The operator's time zone: which day is today. */
  timeZone: string;
  /** The start's own checks, read for the substitute (compliance-service.ts' coverBlockers). */
  compliance: Pick<ComplianceService, 'coverBlockers'>;
  /** The trips that change hands go on the live stream (the office's board and map, the driver's own stream). */
  live: LiveLog;
  /** Woken after a commit that wrote parents' notices (today's trips changed hands). */
  notifications: Pick<NotificationDispatcher, 'wake'>;
}

/**
 * Covers (issue 34, decision 054): another driver, another vehicle or both on a route's run for some days. One
 * transaction each: the rules (free, compliant, seats, no other cover of the same run), the cover, its trips
 * re-pointed, the audit entry.
 */
export function createCoverService({
  db,
  clock,
  timeZone,
  compliance,
  live,
  notifications,
}: CoverServiceDeps) {
  const named = async (id: string): Promise<Cover> => {
    const [row] = await coversWithNames(db, coverById(id));
    if (!row) throw coverNotFound();
    return toCover(row);
  };

  return {
    async list(query: CoverListQuery): Promise<Cover[]> {
      return (await coversWithNames(db, coversMeeting(query.dateFrom, query.dateTo))).map(toCover);
    },

    async create(input: CoverData, context: ChangeContext): Promise<CoverAnswer> {
      const today = zonedDate(clock(), timeZone);
      const firstDate = input.firstDate;
      const lastDate = input.lastDate ?? firstDate;
      const run = input.run ?? null;
      if (firstDate < today)
        throw badRequest(`A cover cannot start before today (${dayInWords(today)}).`, [
          { field: 'firstDate', message: 'Choose today or a later day' },
        ]);
      const answer = await db.transaction(async (tx) => {
        const assignment = await lockAssignment(tx, input.assignmentId);
        if (!assignment)
          throw badRequest('That route assignment no longer exists.', [
            { field: 'assignmentId', message: 'Choose a route assignment' },
          ]);
        const covered = {
          assignmentId: assignment.id,
          routeId: assignment.routeId,
          firstDate,
          lastDate,
          run,
        };
        const when = `${runInWords(run)} ${daysInWords(firstDate, lastDate)}`;

        const [other] = await coversOfAssignmentMeeting(tx, assignment.id, { firstDate, lastDate, run });
        if (other)
          throw conflict(
            `${assignment.routeName} already has a cover for ${runInWords(other.run)} ${daysInWords(other.firstDate, other.lastDate)}: undo it first, or cover other days.`,
          );

        const driver = input.driverId ? await lockStandInDriver(tx, input.driverId) : null;
        if (input.driverId && !driver)
          throw badRequest('That driver no longer exists.', [
            { field: 'driverId', message: 'Choose a driver' },
          ]);
        const vehicle = input.vehicleId ? await lockStandInVehicle(tx, input.vehicleId) : null;
        if (input.vehicleId && !vehicle)
          throw badRequest('That vehicle no longer exists.', [
            { field: 'vehicleId', message: 'Choose a vehicle' },
          ]);
        if (driver?.id === assignment.driverId)
          throw conflict(`${driver.name} already drives ${assignment.routeName}: choose another driver.`, [
            { field: 'driverId', message: 'Choose another driver' },
          ]);
        if (vehicle?.id === assignment.vehicleId)
          throw conflict(
            `${vehicle.licensePlate} already runs ${assignment.routeName}: choose another vehicle.`,
            [{ field: 'vehicleId', message: 'Choose another vehicle' }],
          );

        // Free at those times: their own runs, and other covers naming them.
        const clash = (holder: string, field: string, rows: Awaited<ReturnType<typeof clashesOf>>) => {
          const [first] = rows;
          if (!first) return;
          const theirs = first.firstDate
            ? `covers ${first.routeName}'s ${RUN_WORDS[first.run]} run ${daysInWords(first.firstDate, first.lastDate!)}`
            : `runs ${first.routeName}'s ${RUN_WORDS[first.run]} run`;
          throw conflict(`${holder} is not free for ${when}: ${holder} ${theirs} at the same time.`, [
            { field, message: `${holder} is not free then` },
          ]);
        };
        if (driver)
          clash(
            driver.name,
            'driverId',
            await clashesOf(tx, { column: 'driver_id', id: driver.id }, covered),
          );
        if (vehicle)
          clash(
            vehicle.licensePlate,
            'vehicleId',
            await clashesOf(tx, { column: 'vehicle_id', id: vehicle.id }, covered),
          );

        // Seats for the route's children.
        if (vehicle) {
          const seated = await seatedCount(tx, assignment.id);
          if (seated > vehicle.capacity)
            throw conflict(
              `${vehicle.licensePlate} has ${vehicle.capacity} seats; ${assignment.routeName} carries ${seated} children.`,
              [{ field: 'vehicleId', message: 'Choose a vehicle with enough seats' }],
            );
        }

        // The start's compliance gate, on the substitutes, for the cover's days.
        const blockers = await compliance.coverBlockers(
          tx,
          { driverId: driver?.id ?? null, vehicleId: vehicle?.id ?? null },
          lastDate,
        );
        if (blockers.length)
          throw conflict(`The substitute cannot run ${when}: ${blockers.join(' ')}`, [
            ...blockers.map((message) => ({ field: 'compliance', message })),
          ]);

        const row = await insertCover(tx, {
          assignmentId: assignment.id,
          firstDate,
          lastDate,
          run,
          driverId: driver?.id ?? null,
          vehicleId: vehicle?.id ?? null,
          reason: input.reason,
          createdBy: context.actor.id,
          createdByName: context.actor.email,
        });
        const tripIds = await applyCovers(tx, { coverId: row.id });
        await writeStatusEvents(tx, live, tripIds, 'PENDING');
        const told = await tellParentsOfCover(tx, tripIds, {
          today,
          change: { coverId: row.id, driver: row.driverId !== null, vehicle: row.vehicleId !== null },
          undone: false,
        });
        const leftAsRun = await tripsLeftAsRun(tx, row);
        await recordAudit(tx, {
          ...context,
          action: 'cover.created',
          entityType: 'cover',
          entityId: row.id,
          details: {
            assignmentId: assignment.id,
            firstDate,
            lastDate,
            run,
            driverId: row.driverId,
            vehicleId: row.vehicleId,
            reason: row.reason,
            tripIds,
            tripsLeftAsRun: leftAsRun,
          },
        });
        return { id: row.id, tripsCovered: tripIds.length, tripsLeftAsRun: leftAsRun, told };
      });
      live.committed();
      if (answer.told) notifications.wake();
      return {
        ...(await named(answer.id)),
        tripsCovered: answer.tripsCovered,
        tripsLeftAsRun: answer.tripsLeftAsRun,
      };
    },

    /**
     * Undoes a cover: its PENDING trips go back to the plan (the assignment's driver and vehicle as they are now,
     * with any other cover of theirs); trips that started, finished or were cancelled keep who drove them and who
     * was planned.
     */
    async remove(id: string, context: ChangeContext): Promise<CoverUndone> {
      const undone = await db.transaction(async (tx) => {
        const cover = await lockCover(tx, id);
        if (!cover) throw coverNotFound();
        // The assignment first, as a new cover takes them: two undos or an undo and a cover go one at a time.
        await lockAssignment(tx, cover.assignmentId);
        const restored = await pendingTripsOfCover(tx, id);
        const leftAsRun = await tripsLeftAsRun(tx, cover);
        await deleteCover(tx, id);
        await pendingTripsFollowAssignment(tx, cover.assignmentId);
        await writeStatusEvents(tx, live, restored, 'PENDING');
        const told = await tellParentsOfCover(tx, restored, {
          today: zonedDate(clock(), timeZone),
          change: { coverId: id, driver: cover.driverId !== null, vehicle: cover.vehicleId !== null },
          undone: true,
        });
        await recordAudit(tx, {
          ...context,
          action: 'cover.deleted',
          entityType: 'cover',
          entityId: id,
          details: {
            assignmentId: cover.assignmentId,
            firstDate: cover.firstDate,
            lastDate: cover.lastDate,
            run: cover.run,
            reason: cover.reason,
            tripIds: restored,
          },
        });
        return { tripsRestored: restored.length, tripsLeftAsRun: leftAsRun, told };
      });
      live.committed();
      if (undone.told) notifications.wake();
      return { tripsRestored: undone.tripsRestored, tripsLeftAsRun: undone.tripsLeftAsRun };
    },
  };
}
export type CoverService = ReturnType<typeof createCoverService>;
