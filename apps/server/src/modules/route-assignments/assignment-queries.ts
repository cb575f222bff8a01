import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { routeAssignments, routes } from '../../db/schema/index.js';

/**
 * The route name of the assignment whose `column` (driver, vehicle or route) is `id`, if any: what a 409 names
 * when someone deletes a thing that is still assigned.
 */
export async function routeNameOfAssignmentUsing(
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
