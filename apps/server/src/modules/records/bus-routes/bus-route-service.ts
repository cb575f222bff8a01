import type { BusRoute } from '@school-transport/shared';
import type { Database } from '../../../db/client.js';
import { ownSorts } from '../../../db/list-queries.js';
import { busRoutes, routeAssignments } from '../../../db/schema/index.js';
import { refuseWhileAssigned } from '../assignments/index.js';
import { createResourceService, tableResource } from '../../platform/resources/index.js';

const toAnswer = ({ updatedAt: _updatedAt, ...row }: typeof busRoutes.$inferSelect): BusRoute => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/** Bus routes: audit entries and messages call them routes, as the API does. */
export function createBusRouteService({ db }: { db: Database }) {
  return createResourceService({
    db,
    entity: 'route',
    notFoundMessage: 'Route not found.',
    conflicts: {
      route_assignments_route_id_routes_id_fk: { message: 'This route is used by a route assignment.' },
    },
    ...tableResource(busRoutes, {
      searchColumns: [busRoutes.name, busRoutes.startLocation, busRoutes.endLocation],
      assignedBy: routeAssignments.routeId,
      sorts: ownSorts(busRoutes, {
        name: [busRoutes.name],
        startLocation: [busRoutes.startLocation],
        endLocation: [busRoutes.endLocation],
        distanceKm: [busRoutes.distanceKm],
        durationMin: [busRoutes.durationMin],
        createdAt: [busRoutes.createdAt],
      }),
      beforeRemove: refuseWhileAssigned(routeAssignments.routeId, 'route'),
    }),
    toAnswer,
    toListAnswer: toAnswer,
    describe: (busRoute) => ({ name: busRoute.name }),
  });
}
export type BusRouteService = ReturnType<typeof createBusRouteService>;
