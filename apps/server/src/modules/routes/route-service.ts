import type { z } from 'zod';
import type { Route, routeInputSchema } from '@school-transport/shared';
import type { Database } from '../../db/client.js';
import { routeAssignments, routes } from '../../db/schema/index.js';
import { createTableService } from '../../lib/table-service.js';

type RouteRow = typeof routes.$inferSelect;

/** Bus routes (the resource, not HTTP routing). */
export function createRouteService({ db }: { db: Database }) {
  return createTableService<RouteRow, Route, z.output<typeof routeInputSchema>>({
    db,
    table: routes,
    entity: 'route',
    searchColumns: [routes.name, routes.startLocation, routes.endLocation],
    conflicts: {
      route_assignments_route_id_routes_id_fk: { message: 'This route is used by a route assignment.' },
    },
    assignmentColumn: routeAssignments.routeId,
    toAnswer: ({ updatedAt: _updatedAt, ...row }) => ({ ...row, createdAt: row.createdAt.toISOString() }),
    describe: (row) => ({ name: row.name }),
  });
}
