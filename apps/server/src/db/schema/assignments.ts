import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { busRoutes } from './bus-routes.js';
import { timestamps } from './columns.js';
import { drivers } from './drivers.js';
import { students } from './families.js';
import { vehicles } from './vehicles.js';

/**
 * One driver, one vehicle, one route (and, in a later migration, its students). Each of the three is in at most
 * one assignment (unique), and none can be deleted while assigned (restrict).
 */
export const routeAssignments = pgTable(
  'route_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    driverId: uuid('driver_id')
      .notNull()
      .unique('route_assignments_driver_unique')
      .references(() => drivers.id, { onDelete: 'restrict' }),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .unique('route_assignments_vehicle_unique')
      .references(() => vehicles.id, { onDelete: 'restrict' }),
    routeId: uuid('route_id')
      .notNull()
      .unique('route_assignments_route_unique')
      .references(() => busRoutes.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  // Newest-first paging walks this index (the list's first page read 16,667 rows and sorted them without it).
  (t) => [index('route_assignments_created_at_idx').on(t.createdAt, t.id)],
);

/** Which children ride with which assignment: a child in at most one (the student id is unique). */
export const assignmentStudents = pgTable(
  'assignment_students',
  {
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => routeAssignments.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .unique('assignment_students_student_unique')
      .references(() => students.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.studentId] })],
);
