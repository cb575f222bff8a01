import { and, asc, count, desc, eq, getTableColumns, gte, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import type { TripListQuery, TripStatus, TripType } from '@school-transport/shared';
import type { Executor } from '../../db/client.js';
import {
  drivers,
  routeAssignments,
  busRoutes,
  tripEvents,
  trips,
  users,
  vehicles,
} from '../../db/schema/index.js';
import { containsPattern } from '../../lib/pagination.js';
import { listPage } from '../../db/list-queries.js';

/** The SQL of trips (rules in trip-service.ts). */

export type TripRow = typeof trips.$inferSelect;

export async function listTrips(db: Executor, query: TripListQuery) {
  const pattern = containsPattern(query.search);
  const where = and(
    query.search
      ? or(
          ilike(trips.routeName, pattern),
          ilike(trips.driverLicenseNo, pattern),
          ilike(trips.vehiclePlate, pattern),
        )
      : undefined,
    query.status ? eq(trips.status, query.status) : undefined,
    query.type ? eq(trips.type, query.type) : undefined,
    query.dateFrom ? gte(trips.tripDate, query.dateFrom) : undefined,
    query.dateTo ? lte(trips.tripDate, query.dateTo) : undefined,
  );
  return listPage(db, trips, where, query, 'trips', (total, paging) =>
    db
      .select({ ...getTableColumns(trips), total })
      .from(trips)
      .where(where)
      .orderBy(desc(trips.tripDate), desc(trips.createdAt), desc(trips.id))
      .limit(paging.limit)
      .offset(paging.offset),
  );
}

export async function findTrip(db: Executor, id: string) {
  const [row] = await db.select().from(trips).where(eq(trips.id, id));
  return row;
}

export function tripHistory(db: Executor, tripId: string) {
  return db
    .select({ status: tripEvents.status, at: tripEvents.at, by: tripEvents.actorEmail })
    .from(tripEvents)
    .where(eq(tripEvents.tripId, tripId))
    .orderBy(asc(tripEvents.at), asc(tripEvents.id));
}

/**
 * Creates the `type` trip of every assignment for `date`, copying route, driver and vehicle into it. Trips that
 * exist already are left alone: the unique (assignment, date, type) key makes running it twice harmless.
 */
export function insertTripsOfDay(tx: Executor, date: string, type: TripType) {
  return tx
    .insert(trips)
    .select(
      tx
        .select({
          id: sql`gen_random_uuid()`.as('id'),
          assignmentId: sql`${routeAssignments.id}`.as('assignment_id'),
          type: sql`${type}::trip_type`.as('type'),
          tripDate: sql`${date}::date`.as('trip_date'),
          status: sql`'PENDING'::trip_status`.as('status'),
          startedAt: sql`null`.as('started_at'),
          completedAt: sql`null`.as('completed_at'),
          cancelledAt: sql`null`.as('cancelled_at'),
          routeName: sql`${busRoutes.name}`.as('route_name'),
          driverName: sql`${users.name}`.as('driver_name'),
          driverLicenseNo: sql`${drivers.licenseNo}`.as('driver_license_no'),
          driverPhone: sql`${drivers.phone}`.as('driver_phone'),
          vehiclePlate: sql`${vehicles.licensePlate}`.as('vehicle_plate'),
          driverId: sql`${routeAssignments.driverId}`.as('driver_id'),
          vehicleId: sql`${routeAssignments.vehicleId}`.as('vehicle_id'),
          routeId: sql`${routeAssignments.routeId}`.as('route_id'),
          plannedStartAt: sql`null`.as('planned_start_at'),
          finishReason: sql`null`.as('finish_reason'),
          createdAt: sql`clock_timestamp()`.as('created_at'),
          updatedAt: sql`clock_timestamp()`.as('updated_at'),
        })
        .from(routeAssignments)
        .innerJoin(busRoutes, eq(busRoutes.id, routeAssignments.routeId))
        .innerJoin(drivers, eq(drivers.id, routeAssignments.driverId))
        .innerJoin(users, eq(users.id, drivers.userId))
        .innerJoin(vehicles, eq(vehicles.id, routeAssignments.vehicleId)),
    )
    .onConflictDoNothing({ target: [trips.assignmentId, trips.tripDate, trips.type] })
    .returning({ id: trips.id });
}

export async function countAssignments(tx: Executor) {
  const [row] = await tx.select({ n: count() }).from(routeAssignments);
  return row?.n ?? 0;
}

export async function insertTripEvents(
  tx: Executor,
  events: (typeof tripEvents.$inferInsert)[],
): Promise<void> {
  await tx.insert(tripEvents).values(events);
}

/** The trip's columns a status move writes. */
export type TripMoveChanges = Pick<Partial<TripRow>, 'startedAt' | 'completedAt' | 'cancelledAt'> & {
  status: TripStatus;
  updatedAt: Date;
};

/**
 * One conditional UPDATE: it only matches the trip while its status is one of `from`, so two racing moves cannot
 * both succeed. Answers the moved trip, or undefined when there is no such trip in such a status.
 */
export async function moveTrip(
  tx: Executor,
  id: string,
  from: readonly TripStatus[],
  changes: TripMoveChanges,
): Promise<TripRow | undefined> {
  const [row] = await tx
    .update(trips)
    .set(changes)
    .where(and(eq(trips.id, id), inArray(trips.status, [...from])))
    .returning();
  return row;
}
