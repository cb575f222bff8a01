import {
  TRIP_MOVES,
  TRIP_TYPES,
  type GenerateTripsAnswer,
  type Student,
  type Trip,
  type TripDetails,
  type TripListQuery,
  type TripMove,
} from '@school-transport/shared';
import type { Database } from '../../db/client.js';
import type { ChangeContext } from '../../lib/change-context.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit-log.js';
import {
  countAssignments,
  findTrip,
  insertTripEvents,
  insertTripsOfDay,
  listTrips,
  moveTrip,
  tripHistory,
  type TripRow,
} from './trip-queries.js';

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
  route: { name: row.routeName },
  driver: { name: row.driverName, licenseNo: row.driverLicenseNo, phone: row.driverPhone },
  vehicle: { licensePlate: row.vehiclePlate },
  createdAt: row.createdAt.toISOString(),
});

export interface TripServiceDeps {
  db: Database;
  clock: Clock;
  studentsOf(assignmentId: string): Promise<Student[]>;
}

export function createTripService({ db, clock, studentsOf }: TripServiceDeps) {
  return {
    async list(query: TripListQuery) {
      const { rows, total } = await listTrips(db, query);
      return { rows: rows.map(toTrip), total };
    },

    async get(id: string): Promise<TripDetails> {
      const row = await findTrip(db, id);
      if (!row) throw tripNotFound();
      const [history, students] = await Promise.all([
        tripHistory(db, id),
        row.assignmentId ? studentsOf(row.assignmentId) : Promise.resolve([]),
      ]);
      return {
        ...toTrip(row),
        students,
        history: history.map((event) => ({ ...event, at: event.at.toISOString() })),
      };
    },

    /** The PENDING pickup and drop trips of every assignment for `date`; existing ones stay as they are. */
    async generate(date: string, context: ChangeContext): Promise<GenerateTripsAnswer> {
      return db.transaction(async (tx) => {
        const created: string[] = [];
        for (const type of TRIP_TYPES)
          created.push(...(await insertTripsOfDay(tx, date, type)).map((row) => row.id));
        if (created.length) {
          const at = clock();
          await insertTripEvents(
            tx,
            created.map((tripId) => ({
              tripId,
              status: 'PENDING' as const,
              at,
              actorId: context.actor.id,
              actorEmail: context.actor.email,
            })),
          );
        }
        const expected = (await countAssignments(tx)) * TRIP_TYPES.length;
        await recordAudit(tx, {
          ...context,
          action: 'trips.generated',
          entityType: 'trip',
          details: { date, created: created.length },
        });
        return { date, created: created.length, existing: expected - created.length };
      });
    },

    /**
     * One status move, in one conditional UPDATE (moveTrip), so two racing moves cannot both succeed. Anything
     * else is a 404 (no trip) or a 409 (wrong status).
     */
    async move(id: string, move: TripMove, context: ChangeContext): Promise<Trip> {
      const { from, to } = TRIP_MOVES[move];
      return db.transaction(async (tx) => {
        const at = clock();
        const row = await moveTrip(tx, id, from, { status: to, [STAMPED[move]]: at, updatedAt: at });
        if (!row) {
          const existing = await findTrip(tx, id);
          if (!existing) throw tripNotFound();
          throw conflict(`This trip is ${existing.status}; it cannot be ${PAST_TENSE[move]}.`);
        }
        await insertTripEvents(tx, [
          { tripId: id, status: to, at, actorId: context.actor.id, actorEmail: context.actor.email },
        ]);
        await recordAudit(tx, {
          ...context,
          action: `trip.${PAST_TENSE[move]}`,
          entityType: 'trip',
          entityId: id,
        });
        return toTrip(row);
      });
    },
  };
}
export type TripService = ReturnType<typeof createTripService>;
