import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CombinedRun, HostStop, TripCombines } from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import { assignmentStudents, combinedRuns, trips, tripStops, vehicles } from '../../../db/schema/index.js';
import { notFound } from '../../../lib/errors.js';
import type { TravelSettings } from '../../../lib/travel-time.js';
import { plannedTimesAlong } from './combined-times.js';

/** The SQL of combined runs (decision 061; rules in trip-combine-service.ts). */

const hostTrip = alias(trips, 'host_trip');
const joinedTrip = alias(trips, 'joined_trip');

function selectCombines(db: Executor) {
  return db
    .select({
      id: combinedRuns.id,
      hostTripId: combinedRuns.hostTripId,
      hostRouteName: hostTrip.routeName,
      joinedTripId: combinedRuns.joinedTripId,
      joinedRouteName: joinedTrip.routeName,
      reason: combinedRuns.reason,
      createdByName: combinedRuns.createdByName,
      createdAt: combinedRuns.createdAt,
    })
    .from(combinedRuns)
    .innerJoin(hostTrip, eq(hostTrip.id, combinedRuns.hostTripId))
    .innerJoin(joinedTrip, eq(joinedTrip.id, combinedRuns.joinedTripId));
}

const toCombinedRun = (row: Awaited<ReturnType<typeof combineRow>> & object): CombinedRun => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

async function combineRow(db: Executor, id: string) {
  const [row] = await selectCombines(db).where(eq(combinedRuns.id, id));
  return row;
}

/** The combine, or a 404 in words. */
export async function findCombine(db: Executor, id: string) {
  const row = await combineRow(db, id);
  if (!row) throw notFound('No such combined run: it may have been undone.');
  return row;
}

/** The combines a trip takes part in, as host or as the run that joined, oldest first. */
export async function combinesOfTrip(db: Executor, tripId: string): Promise<CombinedRun[]> {
  const rows = await selectCombines(db)
    .where(or(eq(combinedRuns.hostTripId, tripId), eq(combinedRuns.joinedTripId, tripId)))
    .orderBy(asc(combinedRuns.createdAt), asc(combinedRuns.id));
  return rows.map(toCombinedRun);
}

/** A trip's own stops in its run's order. */
export async function stopsOfTripInOrder(db: Executor, tripId: string): Promise<HostStop[]> {
  const rows = await db
    .select({
      position: tripStops.position,
      stopId: tripStops.stopId,
      name: tripStops.name,
      lat: tripStops.lat,
      lng: tripStops.lng,
      plannedAt: tripStops.plannedAt,
      combinedFromTripId: tripStops.combinedFromTripId,
    })
    .from(tripStops)
    .where(eq(tripStops.tripId, tripId))
    .orderBy(asc(tripStops.position));
  return rows.map((row) => ({ ...row, plannedAt: row.plannedAt?.toISOString() ?? null }));
}

/** What the office's trip page shows of combines: the trip's, and the host's stops in order. */
export async function tripCombines(db: Executor, tripId: string): Promise<TripCombines> {
  const combines = await combinesOfTrip(db, tripId);
  const joinedInto = combines.find((combine) => combine.joinedTripId === tripId);
  return { combines, hostStops: await stopsOfTripInOrder(db, joinedInto?.hostTripId ?? tripId) };
}

/** The trips' rows locked for the combine, in id order (two combines of the same pair cannot deadlock). */
export async function lockTripsForCombine(tx: Executor, ids: string[]) {
  const rows = await tx
    .select()
    .from(trips)
    .where(inArray(trips.id, ids))
    .orderBy(asc(trips.id))
    .for('update');
  return new Map(rows.map((row) => [row.id, row]));
}

/** Whether other runs ride with this trip: a trip that hosts a combine cannot itself join another. */
export async function hostsACombine(db: Executor, tripId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: combinedRuns.id })
    .from(combinedRuns)
    .where(eq(combinedRuns.hostTripId, tripId))
    .limit(1);
  return Boolean(row);
}

/** The seats of the vehicle a trip runs with (a cover's, when covered), null when it has none. */
export async function seatsOfTrip(db: Executor, tripId: string): Promise<number | null> {
  const [row] = await db
    .select({ capacity: vehicles.capacity })
    .from(trips)
    .innerJoin(vehicles, eq(vehicles.id, trips.vehicleId))
    .where(eq(trips.id, tripId));
  return row?.capacity ?? null;
}

/** How many children are seated on an assignment (before the day's changes). */
export async function seatedOn(db: Executor, assignmentId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(assignmentStudents)
    .where(eq(assignmentStudents.assignmentId, assignmentId));
  return row?.n ?? 0;
}

export async function insertCombine(tx: Executor, values: typeof combinedRuns.$inferInsert) {
  const [row] = await tx.insert(combinedRuns).values(values).returning({ id: combinedRuns.id });
  return row!.id;
}

export async function deleteCombine(tx: Executor, id: string) {
  await tx.delete(combinedRuns).where(eq(combinedRuns.id, id));
}

/**
 * Appends the joined trip's stops to the host's, after the host's last, in the joined run's order: a stop the
 * host already calls at is not added twice. Planned times are left empty here: planJoinedStops estimates them
 * along the host's order.
 */
export async function appendJoinedStops(tx: Executor, hostTripId: string, joinedTripId: string) {
  await tx.execute(sql`
    insert into trip_stops (trip_id, position, stop_id, name, lat, lng, planned_at, combined_from_trip_id)
    select ${hostTripId}::uuid,
      (select coalesce(max(position), -1) from trip_stops where trip_id = ${hostTripId}::uuid)
        + row_number() over (order by joined.position),
      joined.stop_id, joined.name, joined.lat, joined.lng, null, ${joinedTripId}::uuid
    from trip_stops joined
    where joined.trip_id = ${joinedTripId}::uuid
      and (joined.stop_id is null or joined.stop_id not in (
        select stop_id from trip_stops where trip_id = ${hostTripId}::uuid and stop_id is not null))`);
}

/**
 * Puts the trip's stops in the order of `order` (their current positions, in the new order), on the same set of
 * positions. Two steps, as (trip, position) is a key checked row by row: first out of the way (negative), then in
 * place.
 */
export async function reorderTripStops(tx: Executor, tripId: string, order: number[]) {
  const slots = [...order].sort((a, b) => a - b);
  await tx
    .update(tripStops)
    .set({ position: sql`-1 - ${tripStops.position}` })
    .where(eq(tripStops.tripId, tripId));
  const moves = JSON.stringify(order.map((from, i) => ({ from, to: slots[i] })));
  await tx.execute(sql`
    update trip_stops set position = moves."to"
    from json_to_recordset(${moves}::json) as moves("from" int, "to" int)
    where trip_stops.trip_id = ${tripId}::uuid and trip_stops.position = -1 - moves."from"`);
}

/** Removes the stops the host took over from the joined trip (the gaps they leave keep the order). */
export async function removeJoinedStops(tx: Executor, hostTripId: string, joinedTripId: string) {
  await tx
    .delete(tripStops)
    .where(and(eq(tripStops.tripId, hostTripId), eq(tripStops.combinedFromTripId, joinedTripId)));
}

/** The trip's stops by stop id, with the trip's planned time there (null: not planned): what a notice names. */
export async function stopsOfTripById(db: Executor, tripId: string) {
  const rows = await db
    .select({ stopId: tripStops.stopId, name: tripStops.name, plannedAt: tripStops.plannedAt })
    .from(tripStops)
    .where(and(eq(tripStops.tripId, tripId), isNotNull(tripStops.stopId)));
  return new Map(rows.map((row) => [row.stopId!, { name: row.name, plannedAt: row.plannedAt }]));
}

/** A joined stop whose planned time planJoinedStops set or changed. */
export interface RetimedStop {
  stopId: string | null;
  name: string;
  joinedTripId: string;
  plannedAt: Date;
}

/**
 * Gives the stops the host took over from joined runs their planned times along the host's current order
 * (combined-times.ts), writing only those that changed; answers them. A stop that nothing before or after it
 * times (a host without any plan) stays without one.
 */
export async function planJoinedStops(
  tx: Executor,
  hostTripId: string,
  settings: TravelSettings,
): Promise<RetimedStop[]> {
  const stops = await stopsOfTripInOrder(tx, hostTripId);
  const times = plannedTimesAlong(
    stops.map((stop) => ({
      lat: stop.lat,
      lng: stop.lng,
      plannedAt: stop.plannedAt ? Date.parse(stop.plannedAt) : null,
      joined: stop.combinedFromTripId !== null,
    })),
    settings,
  );
  const retimed: Array<RetimedStop & { position: number }> = [];
  stops.forEach((stop, i) => {
    const at = times[i];
    if (stop.combinedFromTripId === null || at === null || at === undefined) return;
    if (stop.plannedAt && Date.parse(stop.plannedAt) === at) return;
    retimed.push({
      position: stop.position,
      stopId: stop.stopId,
      name: stop.name,
      joinedTripId: stop.combinedFromTripId,
      plannedAt: new Date(at),
    });
  });
  if (retimed.length) {
    const moves = JSON.stringify(retimed.map(({ position, plannedAt }) => ({ position, at: plannedAt })));
    await tx.execute(sql`
      update trip_stops set planned_at = moves.at
      from json_to_recordset(${moves}::json) as moves(position int, at timestamptz)
      where trip_stops.trip_id = ${hostTripId}::uuid and trip_stops.position = moves.position`);
  }
  return retimed.map(({ position: _position, ...stop }) => stop);
}
