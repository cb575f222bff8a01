import { RUN_NAMES, type CombineTripInput, type TripCombines, type TripType } from '@school-transport/shared';
import type { Database, Executor } from '../../../db/client.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import type { Clock } from '../../../lib/clock.js';
import type { TravelSettings } from '../../../lib/travel-time.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import { zonedDate } from '../../../lib/zoned-time.js';
import { recordAudit } from '../../platform/audit/index.js';
import type { LiveLog } from '../live/index.js';
import type { NotificationDispatcher } from '../notifications/index.js';
import {
  appendJoinedStops,
  deleteCombine,
  findCombine,
  hostsACombine,
  insertCombine,
  lockTripsForCombine,
  planJoinedStops,
  removeJoinedStops,
  reorderTripStops,
  seatedOn,
  seatsOfTrip,
  stopsOfTripById,
  stopsOfTripInOrder,
  tripCombines,
} from './trip-combines.js';
import {
  tellParentsOfCombine,
  tellParentsOfCombinedTime,
  tellParentsOfUncombine,
} from './trip-notifications.js';
import { moveTrip, setFinishReason, type TripRow } from './trip-queries.js';
import { moveTripIn, recordStatusOf, writeStatusEvents } from './trip-service.js';

/**
 * Combined runs (decision 061): "route B rides with bus A today". The joined run's children and stops join the
 * host trip of the same day and run, within the host bus's seats; the joined trip is cancelled with the reason.
 * Where a child rides is read from the one rule (stop-changes' prevailingChangesOn / movedToOnTrip), which counts
 * the combine in: the manifests, the scans and the seat counts follow without code of their own.
 */
export interface TripCombineDeps {
  db: Database;
  clock: Clock;
  timeZone: string;
  live: LiveLog;
  notifications: Pick<NotificationDispatcher, 'wake'>;
  /**
   * Where children ride on a day's run other than their own seat, one per child (stop-changes' changedStopsOn, the
   * one rule). Declared here rather than imported: stop-changes' neighbours import this module.
   */
  ridingOn: RidingOn;
  /** How the ETAs model a leg without a plan: the joined stops' planned times are estimated the same way. */
  travel: TravelSettings;
}

export type RidingOn = (
  db: Executor,
  date: string,
  run: TripType,
) => Promise<Map<string, { assignmentId: string; stopId: string | null; ownAssignmentId: string | null }>>;

/** How a refusal names a trip: "North 1’s morning run". */
const runOf = (trip: TripRow) => `${trip.routeName}’s ${RUN_NAMES[trip.type]}`;

/** Riders of the host's run that day once the combine counts: its seats less those moved off, plus those moved on. */
async function ridersOf(
  tx: Executor,
  host: TripRow,
  ridingOn: RidingOn,
): Promise<{ own: number; joining: number }> {
  const changed = await ridingOn(tx, host.tripDate, host.type);
  let own = host.assignmentId ? await seatedOn(tx, host.assignmentId) : 0;
  let joining = 0;
  for (const change of changed.values()) {
    if (change.ownAssignmentId === change.assignmentId) continue;
    if (change.assignmentId === host.assignmentId) joining++;
    else if (change.ownAssignmentId === host.assignmentId) own--;
  }
  return { own, joining };
}

export function createTripCombineService({
  db,
  clock,
  timeZone,
  live,
  notifications,
  ridingOn,
  travel,
}: TripCombineDeps) {
  /** Both trips locked, or the refusal in words: two PENDING trips of the same day (today or later) and run. */
  async function lockPair(tx: Executor, joinedId: string, hostId: string) {
    if (joinedId === hostId) throw conflict('A run cannot ride with itself: choose another run of the day.');
    const locked = await lockTripsForCombine(tx, [joinedId, hostId]);
    const joined = locked.get(joinedId);
    const host = locked.get(hostId);
    if (!joined) throw notFound('Trip not found.');
    if (!host) throw notFound('The run to ride with was not found.');
    for (const trip of [joined, host])
      if (trip.status !== 'PENDING')
        throw conflict(`${runOf(trip)} is ${trip.status}; only runs that have not started can be combined.`);
    if (joined.tripDate < zonedDate(clock(), timeZone))
      throw conflict(`${runOf(joined)} was on ${joined.tripDate}, a past day; it cannot be combined now.`);
    if (joined.tripDate !== host.tripDate || joined.type !== host.type)
      throw conflict(
        `${runOf(joined)} of ${joined.tripDate} and ${runOf(host)} of ${host.tripDate} are not the same day and run; ` +
          'a run rides only with another of the same day and run.',
      );
    if (!host.assignmentId || !joined.assignmentId)
      throw conflict('One of the runs no longer has its route assignment; it cannot be combined.');
    if (await hostsACombine(tx, joined.id))
      throw conflict(`Other runs ride with ${runOf(joined)}; undo those first.`);
    return { joined, host };
  }

  /** The host's PENDING trip locked, or the refusal: a started run keeps the stops it set out with. */
  async function lockPendingHost(tx: Executor, hostId: string) {
    const host = (await lockTripsForCombine(tx, [hostId])).get(hostId);
    if (!host) throw notFound('Trip not found.');
    if (host.status !== 'PENDING')
      throw conflict(`${runOf(host)} is ${host.status}; its stops change only before it starts.`);
    return host;
  }

  return {
    combines: (tripId: string): Promise<TripCombines> => tripCombines(db, tripId),

    async combine(joinedId: string, { hostTripId, reason }: CombineTripInput, context: ChangeContext) {
      const at = clock();
      const told = await db.transaction(async (tx) => {
        const { joined, host } = await lockPair(tx, joinedId, hostTripId);
        const combineId = await insertCombine(tx, {
          hostTripId,
          joinedTripId: joinedId,
          reason,
          createdBy: context.actor.id,
          createdByName: context.actor.email,
        });
        // Counted with the combine written: the one rule then seats the joined children on the host.
        const { own, joining } = await ridersOf(tx, host, ridingOn);
        const seats = await seatsOfTrip(tx, host.id);
        if (seats !== null && own + joining > seats)
          throw conflict(
            `Bus ${host.vehiclePlate} has ${seats} seats; with ${runOf(joined)} it would carry ${own + joining} ` +
              `children (${own} of its own and ${joining} joining). Choose a bigger bus or another run.`,
          );
        await appendJoinedStops(tx, host.id, joined.id);
        await planJoinedStops(tx, host.id, travel);
        const cancelled = await moveTripIn(tx, joined.id, 'cancel', { context, at, live });
        if (!cancelled) throw conflict(`${runOf(joined)} could not be cancelled.`);
        await setFinishReason(tx, joined.id, reason);
        await recordAudit(tx, {
          ...context,
          action: 'trip.combined',
          entityType: 'trip',
          entityId: joined.id,
          // `at` names the cancellation it made, which the day's changes show as this combine (decision 060).
          details: { hostTripId: host.id, combineId, reason, at: at.toISOString() },
        });
        const [riding, hostStops] = await Promise.all([
          ridingOn(tx, host.tripDate, host.type),
          stopsOfTripById(tx, host.id),
        ]);
        return tellParentsOfCombine(
          tx,
          {
            combineId,
            hostTripId: host.id,
            joinedTripId: joined.id,
            hostRouteName: host.routeName,
            joinedRouteName: joined.routeName,
            hostPlate: host.vehiclePlate,
            reason,
            riding,
            hostAssignmentId: host.assignmentId!,
            hostStops,
          },
          { today: zonedDate(at, timeZone), timeZone },
        );
      });
      live.committed();
      if (told) notifications.wake();
      return tripCombines(db, hostTripId);
    },

    async reorder(combineId: string, positions: number[], context: ChangeContext) {
      const combine = await findCombine(db, combineId);
      const at = clock();
      const told = await db.transaction(async (tx) => {
        const host = await lockPendingHost(tx, combine.hostTripId);
        const current = (await stopsOfTripInOrder(tx, combine.hostTripId)).map((stop) => stop.position);
        const sorted = [...positions].sort((a, b) => a - b);
        if (sorted.length !== current.length || sorted.some((position, i) => position !== current[i]))
          throw badRequest(
            'The new order must name each of the run’s stops once; reload the page and try again.',
          );
        await reorderTripStops(tx, combine.hostTripId, positions);
        await recordAudit(tx, {
          ...context,
          action: 'trip.stops_reordered',
          entityType: 'trip',
          entityId: combine.hostTripId,
          details: { combineId },
        });
        // The joined stops' times follow the new order; their parents hear of a time that changed.
        const retimed = await planJoinedStops(tx, host.id, travel);
        if (!retimed.length || !host.assignmentId) return 0;
        return tellParentsOfCombinedTime(
          tx,
          {
            hostRouteName: host.routeName,
            hostPlate: host.vehiclePlate,
            hostAssignmentId: host.assignmentId,
            riding: await ridingOn(tx, host.tripDate, host.type),
            retimed,
            changedAt: at,
          },
          { today: zonedDate(at, timeZone), timeZone },
        );
      });
      if (told) notifications.wake();
      return tripCombines(db, combine.hostTripId);
    },

    async undo(combineId: string, context: ChangeContext) {
      const combine = await findCombine(db, combineId);
      const at = clock();
      const told = await db.transaction(async (tx) => {
        await lockPendingHost(tx, combine.hostTripId);
        await removeJoinedStops(tx, combine.hostTripId, combine.joinedTripId);
        await deleteCombine(tx, combineId);
        const back = await moveTrip(tx, combine.joinedTripId, ['CANCELLED'], {
          status: 'PENDING',
          cancelledAt: null,
          finishReason: null,
          updatedAt: at,
        });
        if (!back) throw conflict('The joined run is no longer cancelled; the combine cannot be undone.');
        await recordStatusOf(tx, [back.id], 'PENDING', 'trip.reinstated', context, at);
        await recordAudit(tx, {
          ...context,
          action: 'trip.uncombined',
          entityType: 'trip',
          entityId: back.id,
          details: { hostTripId: combine.hostTripId, combineId },
        });
        await writeStatusEvents(tx, live, [back.id], 'PENDING');
        return tellParentsOfUncombine(
          tx,
          { combineId, joinedTripId: back.id, plate: back.vehiclePlate },
          zonedDate(at, timeZone),
        );
      });
      live.committed();
      if (told) notifications.wake();
      return tripCombines(db, combine.hostTripId);
    },
  };
}
export type TripCombineService = ReturnType<typeof createTripCombineService>;
