import type { Executor } from '../../../db/client.js';
import { enqueueNotifications, runName } from '../notifications/index.js';
import { familiesOnTrips } from '../trips/index.js';

/** What a cover puts in place of the plan: the driver, the vehicle or both (the message names only those). */
export interface CoverChange {
  coverId: string;
  driver: boolean;
  vehicle: boolean;
}

/** Which sentence says what changed, by what the cover replaces. */
const changeMessage = ({ driver, vehicle }: CoverChange) =>
  driver && vehicle
    ? 'notification.covered.both'
    : driver
      ? 'notification.covered.driver'
      : 'notification.covered.vehicle';

/**
 * Tells the parents of the children seated on `tripIds`, which a cover has just handed to another driver or bus (or
 * an undo has just handed back to the plan), in that transaction (decision 054): one outbox row per cover, trip,
 * child and parent (the dedup key), so nothing is told twice, while a later cover of the same trip, a new change,
 * is told again. Only trips of `today`: parents read a range or a later day's cover on the Today screen when that
 * day comes, and a phone buzzing for every run of a week of covers helps nobody. Read after the trips changed, so
 * the names are who drives now and who was planned. Answers how many were written (the caller wakes the dispatcher
 * after its commit when any were).
 */
export async function tellParentsOfCover(
  tx: Executor,
  tripIds: string[],
  { today, change, undone }: { today: string; change: CoverChange; undone: boolean },
): Promise<number> {
  if (!tripIds.length) return 0;
  const families = (await familiesOnTrips(tx, tripIds)).filter((row) => row.tripDate === today);
  return enqueueNotifications(
    tx,
    families.map((row) => {
      const values = {
        child: row.name,
        run: runName(row.type),
        route: row.routeName,
        driver: row.driverName,
        plate: row.vehiclePlate,
        plannedDriver: row.plannedDriverName ?? '',
        plannedPlate: row.plannedVehiclePlate ?? '',
      };
      const prefix = undone ? 'UNCOVERED' : 'COVERED';
      return {
        dedupKey: `${prefix}:${change.coverId}:${row.tripId}:${row.studentId}:${row.parentUserId}`,
        userId: row.parentUserId,
        studentId: row.studentId,
        kind: 'COVERED' as const,
        text: (t) =>
          undone
            ? {
                title: t('notification.uncovered.title', values),
                body: t('notification.uncovered.body', values),
              }
            : {
                title: t('notification.covered.title', values),
                body: t(changeMessage(change), values),
              },
        url: '/parent',
      };
    }),
  );
}
