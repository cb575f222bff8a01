import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  ASSIGNMENT_MESSAGES,
  type AssignmentDetails,
  type AssignmentSummary,
  type BusRoute,
  type Driver,
  type Student,
  type Vehicle,
  type assignmentCreateSchema,
  type assignmentInputSchema,
  type assignStudentsSchema,
} from '@school-transport/shared';
import type { Database, Executor } from '../../../db/client.js';
import { busRoutes, drivers, routeAssignments } from '../../../db/schema/index.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import type { ComplianceService } from '../../operations/compliance/index.js';
import { badRequest, conflict } from '../../../lib/errors.js';
import { createResourceService, tableResource } from '../../platform/resources/index.js';
import { detachPendingTrips, pendingTripsFollowAssignment } from '../../operations/trips/index.js';
import type { PlanAnnouncer } from '../plan-changes/index.js';
import {
  assignmentHolding,
  existingStudentIds,
  findAssignment,
  listAssignments,
  lockKeyShared,
  lockedCapacity,
  replaceSeats,
  routeNameOfAssignmentUsing,
  seatedCount,
  seatedElsewhere,
  seatedStudentIds,
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

/** Searched and listed by assignment-queries.ts (through the driver, vehicle and route they name). */
const resource = tableResource(routeAssignments, { searchColumns: [] });
/** An assignment's own row, as the kit locks it. */
type AssignmentRecord = NonNullable<Awaited<ReturnType<typeof resource.lock>>>;
const noSeats = () =>
  conflict(ASSIGNMENT_MESSAGES.noSeats, [{ field: 'studentIds', message: ASSIGNMENT_MESSAGES.noSeats }]);

/**
 * The rule of the driver, vehicle and bus route resources that an assignment points at (through `column`): one
 * still in an assignment cannot be removed; the 409 names that assignment.
 */
export const refuseWhileAssigned =
  (column: PgColumn, entity: string) =>
  async (tx: Executor, row: { id: string }): Promise<void> => {
    const routeName = await routeNameOfAssignmentUsing(tx, column, row.id);
    if (routeName)
      throw conflict(
        `This ${entity} is used by the route assignment of "${routeName}". Remove that assignment first.`,
      );
  };

export interface AssignmentServiceDeps {
  db: Database;
  /** How the other resources answer, so an assignment shows its driver, vehicle, route and children the same way. */
  getDriver(id: string): Promise<Driver>;
  getVehicle(id: string): Promise<Vehicle>;
  getBusRoute(id: string): Promise<BusRoute>;
  studentsOf(assignmentId: string): Promise<Student[]>;
  /** Expired blocking credentials refuse an assignment unless an admin overrides them with a reason. */
  compliance: Pick<ComplianceService, 'assignmentBlockers' | 'overrideAssignment'>;
  /** Seating, unseating and a changed route tell the guardians of children whose stop or time moved (decision 068). */
  plans: PlanAnnouncer;
}

/** The factory's deps, and who asked for each write: the kit hands insert and update the input only. */
interface AssignmentDeps extends AssignmentServiceDeps {
  contextOf: WeakMap<object, ChangeContext>;
}

async function overrideFor(
  { compliance, contextOf }: AssignmentDeps,
  tx: Executor,
  assignmentId: string,
  input: AssignmentInput,
  blockers: string[],
) {
  const context = contextOf.get(input);
  if (input.overrideReason && context)
    await compliance.overrideAssignment(tx, assignmentId, input.overrideReason, blockers, context);
}

const toSummary = (row: AssignmentRow): AssignmentSummary => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

async function toDetails(deps: AssignmentServiceDeps, row: AssignmentRow): Promise<AssignmentDetails> {
  const [driver, vehicle, route, students] = await Promise.all([
    deps.getDriver(row.driver.id),
    deps.getVehicle(row.vehicle.id),
    deps.getBusRoute(row.route.id),
    deps.studentsOf(row.id),
  ]);
  return { id: row.id, driver, vehicle, route, students, createdAt: row.createdAt.toISOString() };
}

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
      table: busRoutes,
    },
  ] as const;
  for (const part of parts) {
    const holder = await assignmentHolding(tx, part.column, part.id, exceptId);
    if (holder) {
      const message = `This ${part.label} is already in the route assignment of "${holder.routeName}".`;
      throw conflict(message, [{ field: part.field, message }]);
    }
  }
  if (!(await lockKeyShared(tx, drivers, input.driverId)))
    throw badRequest('The chosen driver does not exist.', [
      { field: 'driverId', message: 'Driver not found' },
    ]);
  if (!(await lockKeyShared(tx, busRoutes, input.routeId)))
    throw badRequest('The chosen route does not exist.', [{ field: 'routeId', message: 'Route not found' }]);
}

/**
 * Seats exactly `studentIds` on the assignment. The caller holds the assignment's lock and a share lock on the
 * vehicle, so neither the seats nor the capacity can change underneath this check.
 */
async function seat(
  { plans }: AssignmentServiceDeps,
  tx: Executor,
  assignmentId: string,
  capacity: number,
  studentIds: string[],
) {
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
  const before = await seatedStudentIds(tx, assignmentId);
  await replaceSeats(tx, assignmentId, studentIds);
  await plans.announce(tx, [...before, ...studentIds]);
}

async function capacityOf(tx: Executor, vehicleId: string) {
  const capacity = await lockedCapacity(tx, vehicleId);
  if (capacity === undefined)
    throw badRequest('The chosen vehicle does not exist.', [
      { field: 'vehicleId', message: 'Vehicle not found' },
    ]);
  return capacity;
}

async function insertAssignment(deps: AssignmentDeps, tx: Executor, input: AssignmentCreateInput) {
  const capacity = await capacityOf(tx, input.vehicleId);
  await assertFree(tx, input);
  const blockers = await deps.compliance.assignmentBlockers(tx, input, input.overrideReason);
  const { studentIds, overrideReason: _reason, ...parts } = input;
  const id = await resource.insert(tx, parts);
  await seat(deps, tx, id, capacity, studentIds);
  await overrideFor(deps, tx, id, input, blockers);
  return id;
}

/** Changing the vehicle re-checks the children against the new capacity. */
async function updateAssignment(
  deps: AssignmentDeps,
  tx: Executor,
  before: AssignmentRecord,
  input: AssignmentInput,
) {
  const capacity = await capacityOf(tx, input.vehicleId);
  if ((await seatedCount(tx, before.id)) > capacity) throw noSeats();
  await assertFree(tx, input, before.id);
  const blockers = await deps.compliance.assignmentBlockers(tx, input, input.overrideReason);
  const { overrideReason: _reason, ...parts } = input;
  await resource.update(tx, before, parts);
  await overrideFor(deps, tx, before.id, input, blockers);
  // Trips not yet run follow the assignment: the driver taken off it must not keep reading its children.
  await pendingTripsFollowAssignment(tx, before.id);
  // A changed route moves every child seated on it.
  await deps.plans.announce(tx, await seatedStudentIds(tx, before.id));
}

async function removeAssignment({ plans }: AssignmentDeps, tx: Executor, row: AssignmentRecord) {
  await detachPendingTrips(tx, row.id);
  const seated = await seatedStudentIds(tx, row.id);
  const removed = await resource.remove(tx, row);
  // Its children have no plan now: the announcer forgets theirs, so a next seat is told as a first plan.
  await plans.announce(tx, seated);
  return removed;
}

/** The resource kit's service of assignments, its rules bound to `deps`. */
function assignmentKit(deps: AssignmentDeps) {
  return createResourceService({
    db: deps.db,
    entity: 'assignment',
    auditEntity: 'route_assignment',
    notFoundMessage: 'Route assignment not found.',
    conflicts: CONFLICTS,
    ...resource,
    list: listAssignments,
    find: findAssignment,
    insert: (tx, input: AssignmentCreateInput) => insertAssignment(deps, tx, input),
    update: (tx, before, input: AssignmentInput) => updateAssignment(deps, tx, before, input),
    remove: (tx, row) => removeAssignment(deps, tx, row),
    afterRemove: async () => deps.plans.wake(),
    toAnswer: toDetails.bind(null, deps),
    toListAnswer: toSummary,
    describeCreated: (input) => ({ ...input }),
    describeRemoved: (row) => ({ driverId: row.driverId, vehicleId: row.vehicleId, routeId: row.routeId }),
  });
}
type AssignmentKit = ReturnType<typeof assignmentKit>;

async function createAssignment(
  { contextOf, plans }: AssignmentDeps,
  kit: AssignmentKit,
  input: AssignmentCreateInput,
  context: ChangeContext,
) {
  contextOf.set(input, context);
  const created = await kit.create(input, context);
  plans.wake();
  return created;
}

async function changeAssignment(
  { contextOf, plans }: AssignmentDeps,
  kit: AssignmentKit,
  id: string,
  input: AssignmentInput,
  context: ChangeContext,
) {
  contextOf.set(input, context);
  const changed = await kit.update(id, input, context);
  plans.wake();
  return changed;
}

/** Replaces the children who ride with an assignment. */
async function assignStudents(
  deps: AssignmentDeps,
  kit: AssignmentKit,
  input: AssignStudentsInput,
  context: ChangeContext,
): Promise<AssignmentDetails> {
  await kit.change(input.id, context, 'students_assigned', async (tx, row) => {
    await seat(deps, tx, input.id, await capacityOf(tx, row.vehicleId), input.studentIds);
    return { studentIds: input.studentIds };
  });
  deps.plans.wake();
  return kit.get(input.id);
}

export function createAssignmentService(deps: AssignmentServiceDeps) {
  const withContexts: AssignmentDeps = { ...deps, contextOf: new WeakMap() };
  const kit = assignmentKit(withContexts);
  return {
    ...kit,
    create: createAssignment.bind(null, withContexts, kit),
    update: changeAssignment.bind(null, withContexts, kit),
    assignStudents: assignStudents.bind(null, withContexts, kit),
  };
}
export type AssignmentService = ReturnType<typeof createAssignmentService>;
