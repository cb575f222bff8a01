import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { routeAssignments, routes } from '../../db/schema/index.js';
import { conflict } from '../../lib/errors.js';

/**
 * The route name of the assignment whose `column` (driver, vehicle or route) is `id`, if any: what a 409 names
 * when someone deletes a thing that is still assigned.
 */
async function routeNameOfAssignmentUsing(
  tx: Executor,
  column: PgColumn,
  id: string,
): Promise<string | undefined> {
  const [row] = await tx
    .select({ name: routes.name })
    .from(routeAssignments)
    .innerJoin(routes, eq(routes.id, routeAssignments.routeId))
    .where(eq(column, id));
  return row?.name;
}

/** Refuses (409) to remove a driver, vehicle or route that an assignment still uses, naming that assignment. */
export async function assertNotAssigned(
  tx: Executor,
  column: PgColumn,
  id: string,
  entity: string,
): Promise<void> {
  const routeName = await routeNameOfAssignmentUsing(tx, column, id);
  if (routeName)
    throw conflict(
      `This ${entity} is used by the route assignment of "${routeName}". Remove that assignment first.`,
    );
}
