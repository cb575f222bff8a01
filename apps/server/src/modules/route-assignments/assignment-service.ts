import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ASSIGNMENT_MESSAGES,
  type AssignmentDetails,
  type AssignmentSummary,
  type Driver,
  type Route,
  type Student,
  type Vehicle,
  type assignmentCreateSchema,
  type assignmentInputSchema,
  type assignStudentsSchema,
} from '@school-transport/shared';
import type { Database, Executor } from '../../db/client.js';
import { drivers, routeAssignments, routes } from '../../db/schema/index.js';
import type { ChangeContext } from '../../lib/change-context.js';
import { writerFor } from '../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { ResourceService } from '../../lib/resource-routes.js';
import { changedFields, recordAudit } from '../audit/audit-log.js';
import {
  assignmentHolding,
  existingStudentIds,
  findAssignment,
  listAssignments,
  lockAssignment,
  lockedCapacity,
  replaceSeats,
  seatedCount,
  seatedElsewhere,
  type AssignmentRow,
} from './assignment-queries.js';

type AssignmentInput = z.output<typeof assignmentInputSchema>;
type AssignmentCreateInput = z.output<typeof assignmentCreateSchema>;
type AssignStudentsInput = z.output<typeof assignStudentsSchema>;

/** Backstops for two requests racing past the checks below. */
const CONFLICTS = {
  route_assignments_driver_unique: { field: 'driverId', message: 'This driver already has an assignment.' },
  route_assignments_vehicle_unique: {
    field: 'vehicleId',
    message: 'This vehicle already has an assignment.',
  },
  route_assignments_route_unique: { field: 'routeId', message: 'This route already has an assignment.' },
  assignment_students_student_unique: {
    field: 'studentIds',
    message: 'A chosen student already rides with another assignment.',
  },
  assignment_students_student_id_students_id_fk: {
    field: 'studentIds',
    message: 'A chosen student does not exist any more.',
  },
  route_assignments_driver_id_drivers_id_fk: {
    field: 'driverId',
    message: 'The chosen driver does not exist any more.',
  },
  route_assignments_route_id_routes_id_fk: {
    field: 'routeId',
    message: 'The chosen route does not exist any more.',
  },
  route_assignments_vehicle_id_vehicles_id_fk: {
    field: 'vehicleId',
    message: 'The chosen vehicle does not exist any more.',
  },
};

const assignmentNotFound = () => notFound('Route assignment not found.');
const noSeats = () =>
  conflict(ASSIGNMENT_MESSAGES.noSeats, [{ field: 'studentIds', message: ASSIGNMENT_MESSAGES.noSeats }]);

export interface AssignmentServiceDeps {
  db: Database;
  /** How the other resources answer, so an assignment shows its driver, vehicle, route and children the same way. */
  getDriver(id: string): Promise<Driver>;
  getVehicle(id: string): Promise<Vehicle>;
  getRoute(id: string): Promise<Route>;
  studentsOf(assignmentId: string): Promise<Student[]>;
}

export function createAssignmentService(deps: AssignmentServiceDeps) {
  const { db } = deps;
  const write = writerFor(db, CONFLICTS);

  const toSummary = (row: AssignmentRow): AssignmentSummary => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
  });

  const get = async (id: string): Promise<AssignmentDetails> => {
    const row = await findAssignment(db, id);
    if (!row) throw assignmentNotFound();
    const [driver, vehicle, route, students] = await Promise.all([
      deps.getDriver(row.driver.id),
      deps.getVehicle(row.vehicle.id),
      deps.getRoute(row.route.id),
      deps.studentsOf(id),
    ]);
    return { id, driver, vehicle, route, students, createdAt: row.createdAt.toISOString() };
  };

  /**
   * Driver and route exist (the vehicle was checked with its capacity) and all three are free, or this one's.
   * Driver and route are read under a key-share lock (the lock the foreign key would take at insert, taken
   * first): a delete racing with this write then either waits and finds the assignment (409), or has already
   * removed the row and this answers 400, instead of the foreign key failing at insert.
   */
  async function assertFree(tx: Executor, input: AssignmentInput, exceptId?: string) {
    const parts = [
      {
        field: 'driverId',
        column: routeAssignments.driverId,
        id: input.driverId,
        label: 'driver',
        table: drivers,
      },
      {
        field: 'vehicleId',
        column: routeAssignments.vehicleId,
        id: input.vehicleId,
        label: 'vehicle',
        table: null,
      },
      {
        field: 'routeId',
        column: routeAssignments.routeId,
        id: input.routeId,
        label: 'route',
        table: routes,
      },
    ] as const;
    for (const part of parts) {
      const holder = await assignmentHolding(tx, part.column, part.id, exceptId);
      if (holder) {
        const message = `This ${part.label} is already in the route assignment of "${holder.routeName}".`;
        throw conflict(message, [{ field: part.field, message }]);
      }
    }
    const [driver] = await tx
      .select({ id: drivers.id })
      .from(drivers)
      .where(eq(drivers.id, input.driverId))
      .for('key share');
    if (!driver)
      throw badRequest('The chosen driver does not exist.', [
        { field: 'driverId', message: 'Driver not found' },
      ]);
    const [route] = await tx
      .select({ id: routes.id })
      .from(routes)
      .where(eq(routes.id, input.routeId))
      .for('key share');
    if (!route)
      throw badRequest('The chosen route does not exist.', [
        { field: 'routeId', message: 'Route not found' },
      ]);
  }

  /**
   * Seats exactly `studentIds` on the assignment. The caller holds the assignment's lock and a share lock on the
   * vehicle, so neither the seats nor the capacity can change underneath this check.
   */
  async function seat(tx: Executor, assignmentId: string, capacity: number, studentIds: string[]) {
    if (studentIds.length > capacity) throw noSeats();
    const existing = await existingStudentIds(tx, studentIds);
    const missing = studentIds.filter((id) => !existing.has(id));
    if (missing.length)
      throw badRequest('Some chosen students do not exist.', [
        { field: 'studentIds', message: `${missing.length} student(s) not found` },
      ]);
    const [elsewhere] = await seatedElsewhere(tx, studentIds, assignmentId);
    if (elsewhere) {
      const message = `${elsewhere.studentName} already rides with the route assignment of "${elsewhere.routeName}".`;
      throw conflict(message, [{ field: 'studentIds', message }]);
    }
    await replaceSeats(tx, assignmentId, studentIds);
  }

  const capacityOf = async (tx: Executor, vehicleId: string) => {
    const capacity = await lockedCapacity(tx, vehicleId);
    if (capacity === undefined)
      throw badRequest('The chosen vehicle does not exist.', [
        { field: 'vehicleId', message: 'Vehicle not found' },
      ]);
    return capacity;
  };

  const service: ResourceService<AssignmentDetails, AssignmentInput, AssignmentCreateInput> = {
    async list(query) {
      const { rows, total } = await listAssignments(db, query);
      return { rows: rows.map(toSummary), total };
    },

    get,

    async create(input, context) {
      const id = await write(async (tx) => {
        const capacity = await capacityOf(tx, input.vehicleId);
        await assertFree(tx, input);
        const [row] = await tx
          .insert(routeAssignments)
          .values({ driverId: input.driverId, vehicleId: input.vehicleId, routeId: input.routeId })
          .returning({ id: routeAssignments.id });
        await seat(tx, row!.id, capacity, input.studentIds);
        await recordAudit(tx, {
          ...context,
          action: 'assignment.created',
          entityType: 'route_assignment',
          entityId: row!.id,
          details: { ...input },
        });
        return row!.id;
      });
      return get(id);
    },

    /** Changing the vehicle re-checks the children against the new capacity. */
    async update(id, input, context) {
      await write(async (tx) => {
        const before = await lockAssignment(tx, id);
        if (!before) throw assignmentNotFound();
        const capacity = await capacityOf(tx, input.vehicleId);
        if ((await seatedCount(tx, id)) > capacity) throw noSeats();
        await assertFree(tx, input, id);
        await tx
          .update(routeAssignments)
          .set({
            driverId: input.driverId,
            vehicleId: input.vehicleId,
            routeId: input.routeId,
            updatedAt: new Date(),
          })
          .where(eq(routeAssignments.id, id));
        await recordAudit(tx, {
          ...context,
          action: 'assignment.updated',
          entityType: 'route_assignment',
          entityId: id,
          details: changedFields(before, input),
        });
      });
      return get(id);
    },

    async remove(id, context) {
      await write(async (tx) => {
        const row = await lockAssignment(tx, id);
        if (!row) throw assignmentNotFound();
        await tx.delete(routeAssignments).where(eq(routeAssignments.id, id));
        await recordAudit(tx, {
          ...context,
          action: 'assignment.deleted',
          entityType: 'route_assignment',
          entityId: id,
          details: { driverId: row.driverId, vehicleId: row.vehicleId, routeId: row.routeId },
        });
      });
    },
  };

  return {
    ...service,

    async assignStudents(input: AssignStudentsInput, context: ChangeContext): Promise<AssignmentDetails> {
      await write(async (tx) => {
        const row = await lockAssignment(tx, input.id);
        if (!row) throw assignmentNotFound();
        await seat(tx, input.id, await capacityOf(tx, row.vehicleId), input.studentIds);
        await recordAudit(tx, {
          ...context,
          action: 'assignment.students_assigned',
          entityType: 'route_assignment',
          entityId: input.id,
          details: { studentIds: input.studentIds },
        });
      });
      return get(input.id);
    },
  };
}
export type AssignmentService = ReturnType<typeof createAssignmentService>;
