import { and, asc, between, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { busRoutes, routeStops, stops, studentStops } from '../../../db/schema/index.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import type { Box, Point } from '../../../lib/geo-distance.js';
import { recordAudit } from '../../platform/audit/index.js';

/** The SQL of the stops resource beyond what the resource kit reads and writes for any table. */

export type StopRow = typeof stops.$inferSelect;

/** A route run that has this stop, for the 409 that refuses to delete it; undefined if none. */
export async function runUsingStop(tx: Executor, stopId: string) {
  const [row] = await tx
    .select({ routeName: busRoutes.name, run: routeStops.run })
    .from(routeStops)
    .innerJoin(busRoutes, eq(busRoutes.id, routeStops.routeId))
    .where(eq(routeStops.stopId, stopId))
    .orderBy(asc(busRoutes.name), asc(routeStops.run))
    .limit(1);
  return row;
}

/** Every child's tie to this stop (for a stop on no run, such ties are left from a route the child has left). */
export async function untieFromStop(tx: Executor, stopId: string): Promise<void> {
  await tx.delete(studentStops).where(eq(studentStops.stopId, stopId));
}

/**
 * Stops inside the box (the lat/lng index), nearest first by a flat-earth estimate (good to a fraction of a
 * percent at walking distances), at most `limit`: the caller measures the exact distance.
 */
export async function stopsInBox(db: Executor, centre: Point, box: Box, limit: number): Promise<StopRow[]> {
  const cosLat = Math.cos((centre.lat * Math.PI) / 180).toFixed(9);
  // The differences are rounded to about a centimetre in numeric before they are squared: PostgreSQL refuses a
  // double-precision product that underflows (a stop a denormal distance from the centre would fail the query).
  const dLat = sql`round((${stops.lat} - ${centre.lat})::numeric, 7)`;
  // The longitude difference the short way round, so a box across the 180th meridian orders right too.
  const dLng = sql`round(least(abs(${stops.lng} - ${centre.lng}), 360 - abs(${stops.lng} - ${centre.lng}))::numeric, 7)`;
  return db
    .select()
    .from(stops)
    .where(
      and(
        between(stops.lat, box.minLat, box.maxLat),
        or(...box.lngRanges.map(([west, east]) => between(stops.lng, west, east))),
      ),
    )
    .orderBy(sql`${dLat} * ${dLat} + (${dLng} * ${cosLat}::numeric) ^ 2`, asc(stops.id))
    .limit(limit);
}

/**
 * A stop's note becomes `note`, with an audit entry `stop.note_updated` (from, to, and why the writer may write it),
 * in the caller's transaction: the driver app checks there that the writer drives a trip through the stop now.
 * Answers the note as stored, or undefined when the stop is gone.
 */
export async function writeStopNote(
  tx: Executor,
  stopId: string,
  note: string | null,
  context: ChangeContext,
  because: Record<string, unknown>,
): Promise<{ stopId: string; note: string | null } | undefined> {
  const [before] = await tx
    .select({ note: stops.note })
    .from(stops)
    .where(eq(stops.id, stopId))
    .for('update');
  if (!before) return undefined;
  if (before.note !== note) {
    await tx.update(stops).set({ note, updatedAt: new Date() }).where(eq(stops.id, stopId));
    await recordAudit(tx, {
      ...context,
      action: 'stop.note_updated',
      entityType: 'stop',
      entityId: stopId,
      details: { note: { from: before.note, to: note }, ...because },
    });
  }
  return { stopId, note };
}

/**
 * A stop's photo becomes `fileName` (a stored image), with an audit entry `stop.image_updated` (and why the writer
 * may write it), in the caller's transaction: the driver app's counterpart of the office's upload (decision 058).
 * Answers the file the stop had (null: none), or undefined when the stop is gone.
 */
export async function writeStopPhoto(
  tx: Executor,
  stopId: string,
  fileName: string,
  context: ChangeContext,
  because: Record<string, unknown>,
): Promise<{ previous: string | null } | undefined> {
  const [before] = await tx
    .select({ profileImage: stops.profileImage })
    .from(stops)
    .where(eq(stops.id, stopId))
    .for('update');
  if (!before) return undefined;
  await tx.update(stops).set({ profileImage: fileName, updatedAt: new Date() }).where(eq(stops.id, stopId));
  await recordAudit(tx, {
    ...context,
    action: 'stop.image_updated',
    entityType: 'stop',
    entityId: stopId,
    details: because,
  });
  return { previous: before.profileImage };
}
