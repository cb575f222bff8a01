import { RUN_NAMES, type NearbyStop, type Run, type Stop } from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import { stops } from '../../../db/schema/index.js';
import { ownSorts } from '../../../db/list-queries.js';
import { conflict } from '../../../lib/errors.js';
import { createResourceService, tableResource } from '../../platform/resources/index.js';
import { type ImageServiceDeps, type ImageUrls, profileImageTarget } from '../../platform/uploads/index.js';
import { boxAround, distanceM, type Point } from '../../../lib/geo-distance.js';
import { runUsingStop, stopsInBox, untieFromStop, type StopRow } from './stop-queries.js';

/** Nearby look-ups read at most this many stops from the box: far more than a few hundred metres ever hold. */
const NEARBY_LIMIT = 200;

/** "route "North 1"'s morning run": how a message names a run of a route. */
export const runOfRoute = (routeName: string, run: Run) => `route "${routeName}"'s ${RUN_NAMES[run]}`;

/** A stop as answers carry it: its photo as a signed, expiring link (the uploads kit's, like a vehicle's). */
export const stopAnswer =
  (urls: ImageUrls) =>
  (row: StopRow): Stop => ({
    ...row,
    profileImage: urls.urlFor('stop', row.profileImage),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

/**
 * A stop on a run cannot go (the run would lose it without anyone deciding). A stop on no run may still be some
 * children's stop from a route they no longer ride (their seat moved or the run was changed before they left):
 * nobody waits there any more, so those ties go with it.
 */
async function refuseWhileOnRun(tx: Executor, row: { id: string }): Promise<void> {
  const using = await runUsingStop(tx, row.id);
  if (using)
    throw conflict(`This stop is on ${runOfRoute(using.routeName, using.run)}. Take it off the run first.`);
  await untieFromStop(tx, row.id);
}

const resource = tableResource(stops, {
  searchColumns: [stops.name, stops.address],
  sorts: ownSorts(stops, { name: [stops.name], createdAt: [stops.createdAt] }),
  beforeRemove: refuseWhileOnRun,
});

/** Stops within `radiusM` of `centre`, nearest first, each with its distance in whole metres. */
export async function stopsNear(
  db: Executor,
  centre: Point,
  radiusM: number,
): Promise<Array<StopRow & { distanceM: number }>> {
  const candidates = await stopsInBox(db, centre, boxAround(centre, radiusM), NEARBY_LIMIT);
  return candidates
    .map((row) => ({ ...row, distanceM: Math.round(distanceM(centre, row)) }))
    .filter((stop) => stop.distanceM <= radiusM)
    .sort((a, b) => a.distanceM - b.distanceM || a.id.localeCompare(b.id));
}

/**
 * Stops: named points where children wait, a resource of the kit, with the nearby look-up, and a photo through the
 * uploads kit (`/api/upload/profile/stop/…`).
 */
export function createStopService({ db, urls, storage }: ImageServiceDeps) {
  const toStop = stopAnswer(urls);
  const service = createResourceService({
    db,
    entity: 'stop',
    notFoundMessage: 'Stop not found.',
    conflicts: {
      // Backstops for a run or a child taking the stop while it is being deleted.
      route_stops_stop_id_stops_id_fk: { message: 'This stop is on a route run. Take it off the run first.' },
      student_stops_stop_id_stops_id_fk: {
        message: 'Children wait at this stop. Choose another stop for them first.',
      },
    },
    ...resource,
    toAnswer: toStop,
    toListAnswer: toStop,
    describe: (stop) => ({ name: stop.name }),
    afterRemove: (row) => storage.remove('stop', row.profileImage),
  });
  return {
    ...service,
    ...profileImageTarget(service, stops),
    toStop,
    nearby: async (query: Point & { radius: number }): Promise<NearbyStop[]> =>
      (await stopsNear(db, query, query.radius)).map((row) => ({ ...toStop(row), distanceM: row.distanceM })),
  };
}
export type StopService = ReturnType<typeof createStopService>;
