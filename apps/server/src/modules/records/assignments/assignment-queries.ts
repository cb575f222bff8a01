import { and, count, eq, ilike, inArray, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client.js';
import type { AssignmentListQuery } from '@school-transport/shared';
import {
  assignmentStudents,
  drivers,
  routeAssignments,
  busRoutes,
  students,
  users,
  vehicles,
} from '../../../db/schema/index.js';
import { containsPattern } from '../../../lib/pagination.js';
import { listOrder, listPage, newestFirst, pageIds, type SortColumns } from '../../../db/list-queries.js';
import { accessChanged } from '../../../lib/access-changes.js';

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
    .select({ name: busRoutes.name })
    .from(routeAssignments)
    .innerJoin(busRoutes, eq(busRoutes.id, routeAssignments.routeId))
    .where(eq(column, id));
  return row?.name;
}

const summaryColumns = {
  id: routeAssignments.id,
  createdAt: routeAssignments.createdAt,
  driver: { id: drivers.id, name: users.name, licenseNo: drivers.licenseNo, phone: drivers.phone },
  vehicle: { id: vehicles.id, licensePlate: vehicles.licensePlate, capacity: vehicles.capacity },
  route: { id: busRoutes.id, name: busRoutes.name },
  totalStudents: sql<number>`(select count(*)::int from ${assignmentStudents} where ${assignmentStudents.assignmentId} = ${routeAssignments.id})`,
};

function selectAssignments<Extra extends Record<string, SQL>>(db: Executor, extra?: Extra) {
  return db
    .select({ ...summaryColumns, ...(extra as Extra) })
    .from(routeAssignments)
    .innerJoin(drivers, eq(drivers.id, routeAssignments.driverId))
    .innerJoin(users, eq(users.id, drivers.userId))
    .innerJoin(vehicles, eq(vehicles.id, routeAssignments.vehicleId))
    .innerJoin(busRoutes, eq(busRoutes.id, routeAssignments.routeId));
}
export type AssignmentRow = Awaited<ReturnType<ReturnType<typeof selectAssignments>['execute']>>[number];

/**
 * What the list sorts by: the name of its route or driver, or its vehicle's plate, each read along that table's
 * index (migration 0022; the plate's own unique index) and joined through the assignment's unique column, so the
 * joined table's id is unique per assignment and breaks ties. The children's count is not offered: it is counted
 * per row, so sorting by it would count every assignment's children for each page.
 */
const ASSIGNMENT_SORTS: Record<string, SortColumns> = {
  routeName: {
    columns: [busRoutes.name, busRoutes.id],
    joins: [{ table: busRoutes, on: eq(busRoutes.id, routeAssignments.routeId) }],
  },
  vehiclePlate: {
    columns: [vehicles.licensePlate, vehicles.id],
    joins: [{ table: vehicles, on: eq(vehicles.id, routeAssignments.vehicleId) }],
  },
  driverName: {
    columns: [users.name, users.id],
    joins: [
      { table: drivers, on: eq(drivers.id, routeAssignments.driverId) },
      { table: users, on: eq(users.id, drivers.userId) },
    ],
    where: eq(users.role, 'driver'),
  },
  createdAt: { columns: [routeAssignments.createdAt, routeAssignments.id] },
};

/** Search through ids of matching drivers, vehicles and routes: every condition is on route_assignments. */
export async function listAssignments(db: Executor, query: AssignmentListQuery) {
  const pattern = containsPattern(query.search);
  const search = query.search
    ? or(
        inArray(
          routeAssignments.driverId,
          db
            .select({ id: drivers.id })
            .from(drivers)
            .innerJoin(users, eq(users.id, drivers.userId))
            .where(
              or(
                ilike(users.name, pattern),
                ilike(drivers.licenseNo, pattern),
                ilike(drivers.phone, pattern),
              ),
            ),
        ),
        inArray(
          routeAssignments.vehicleId,
          db.select({ id: vehicles.id }).from(vehicles).where(ilike(vehicles.licensePlate, pattern)),
        ),
        inArray(
          routeAssignments.routeId,
          db.select({ id: busRoutes.id }).from(busRoutes).where(ilike(busRoutes.name, pattern)),
        ),
      )
    : undefined;
  const where = and(
    search,
    query.vehicleId ? eq(routeAssignments.vehicleId, query.vehicleId) : undefined,
    query.routeId ? eq(routeAssignments.routeId, query.routeId) : undefined,
  );
  const order = listOrder(ASSIGNMENT_SORTS, query, newestFirst(routeAssignments));
  return listPage(db, routeAssignments, where, query, order, (columns, window) =>
    selectAssignments(db, columns)
      .where(inArray(routeAssignments.id, pageIds(db, routeAssignments, window)))
      .orderBy(...window.order.terms),
  );
}

export async function findAssignment(db: Executor, id: string) {
  const [row] = await selectAssignments(db).where(eq(routeAssignments.id, id));
  return row;
}

/**
 * Reads the driver or bus route under a key-share lock (the lock the foreign key would take at insert, taken
 * first); undefined if it does not exist.
 */
export async function lockKeyShared(tx: Executor, table: typeof drivers | typeof busRoutes, id: string) {
  const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for('key share');
  return row;
}

/** The vehicle's capacity, read under a share lock so it cannot shrink until this transaction ends. */
export async function lockedCapacity(tx: Executor, vehicleId: string) {
  const [row] = await tx
    .select({ capacity: vehicles.capacity })
    .from(vehicles)
    .where(eq(vehicles.id, vehicleId))
    .for('share');
  return row?.capacity;
}

export async function seatedCount(tx: Executor, assignmentId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(assignmentStudents)
    .where(eq(assignmentStudents.assignmentId, assignmentId));
  return row?.n ?? 0;
}

/** Of these students, the ones seated in another assignment, with that assignment's route. */
export async function seatedElsewhere(tx: Executor, studentIds: string[], assignmentId: string | null) {
  if (studentIds.length === 0) return [];
  return tx
    .select({ studentName: students.name, routeName: busRoutes.name })
    .from(assignmentStudents)
    .innerJoin(students, eq(students.id, assignmentStudents.studentId))
    .innerJoin(routeAssignments, eq(routeAssignments.id, assignmentStudents.assignmentId))
    .innerJoin(busRoutes, eq(busRoutes.id, routeAssignments.routeId))
    .where(
      and(
        inArray(assignmentStudents.studentId, studentIds),
        assignmentId ? ne(assignmentStudents.assignmentId, assignmentId) : undefined,
      ),
    );
}

export async function existingStudentIds(tx: Executor, studentIds: string[]) {
  if (studentIds.length === 0) return new Set<string>();
  const rows = await tx.select({ id: students.id }).from(students).where(inArray(students.id, studentIds));
  return new Set(rows.map((row) => row.id));
}

/** Replaces the assignment's children with exactly `studentIds`. */
export async function replaceSeats(tx: Executor, assignmentId: string, studentIds: string[]) {
  // The families' live streams follow their children's new buses before the answer goes (live-access.ts).
  accessChanged();
  await tx
    .delete(assignmentStudents)
    .where(
      and(
        eq(assignmentStudents.assignmentId, assignmentId),
        studentIds.length ? notInArray(assignmentStudents.studentId, studentIds) : undefined,
      ),
    );
  if (studentIds.length) {
    await tx
      .insert(assignmentStudents)
      .values(studentIds.map((studentId) => ({ assignmentId, studentId })))
      .onConflictDoNothing({ target: [assignmentStudents.assignmentId, assignmentStudents.studentId] });
  }
}

/** The children seated on the assignment. */
export async function seatedStudentIds(tx: Executor, assignmentId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: assignmentStudents.studentId })
    .from(assignmentStudents)
    .where(eq(assignmentStudents.assignmentId, assignmentId));
  return rows.map((row) => row.id);
}

/** Which assignment, if any, already has this driver, vehicle or route (other than `exceptId`). */
export async function assignmentHolding(tx: Executor, column: PgColumn, id: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: routeAssignments.id, routeName: busRoutes.name })
    .from(routeAssignments)
    .innerJoin(busRoutes, eq(busRoutes.id, routeAssignments.routeId))
    .where(and(eq(column, id), exceptId ? ne(routeAssignments.id, exceptId) : undefined));
  return row;
}

/** Children seated in the assignment that uses this vehicle (0 when it has none). */
export async function seatedInVehicle(tx: Executor, vehicleId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(assignmentStudents)
    .innerJoin(routeAssignments, eq(routeAssignments.id, assignmentStudents.assignmentId))
    .where(eq(routeAssignments.vehicleId, vehicleId));
  return row?.n ?? 0;
}
