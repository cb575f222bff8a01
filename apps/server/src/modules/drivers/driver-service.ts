import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AssignableListQuery, Driver, driverInputSchema } from '@school-transport/shared';
import { drivers, routeAssignments, users } from '../../db/schema/index.js';
import { rethrowConflict } from '../../lib/db-errors.js';
import { notFound } from '../../lib/errors.js';
import type { ResourceService } from '../../lib/resource-routes.js';
import { changedFields, recordAudit } from '../audit/audit-log.js';
import { assertNotAssigned } from '../route-assignments/assignment-queries.js';
import { profileImageTarget, type ImageServiceDeps } from '../uploads/profile-image-target.js';
import type { ProfileImageTarget } from '../uploads/upload-routes.js';
import { findDriver, listDrivers, lockDriver, type DriverRow } from './driver-queries.js';

type DriverInput = z.output<typeof driverInputSchema>;

const CONFLICTS = {
  users_email_lower_unique: { field: 'email', message: 'An account with this email address already exists.' },
  drivers_license_no_unique: {
    field: 'licenseNo',
    message: 'A driver with this license number already exists.',
  },
  route_assignments_driver_id_drivers_id_fk: { message: 'This driver is used by a route assignment.' },
};

const driverNotFound = () => notFound('Driver not found.');

export function createDriverService({
  db,
  urls,
  storage,
}: ImageServiceDeps): ResourceService<Driver, DriverInput, DriverInput, AssignableListQuery> &
  ProfileImageTarget {
  const toAnswer = (row: DriverRow): Driver => ({
    ...row,
    profileImage: urls.urlFor('driver', row.profileImage),
    createdAt: row.createdAt.toISOString(),
  });

  const get = async (id: string) => {
    const row = await findDriver(db, id);
    if (!row) throw driverNotFound();
    return toAnswer(row);
  };

  return {
    async list(query) {
      const { rows, total } = await listDrivers(db, query);
      return { rows: rows.map(toAnswer), total };
    },

    get,

    /** The driver's user account (role driver, no password yet) and the driver row, together or not at all. */
    async create(input, context) {
      const id = await db
        .transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({ name: input.name, email: input.email, role: 'driver', passwordHash: null })
            .returning({ id: users.id });
          const [driver] = await tx
            .insert(drivers)
            .values({
              userId: user!.id,
              phone: input.phone,
              alternativePhone: input.alternativePhone,
              licenseNo: input.licenseNo,
              address: input.address,
            })
            .returning({ id: drivers.id });
          await recordAudit(tx, {
            ...context,
            action: 'driver.created',
            entityType: 'driver',
            entityId: driver!.id,
            details: { name: input.name, email: input.email, licenseNo: input.licenseNo },
          });
          return driver!.id;
        })
        .catch((error: unknown) => rethrowConflict(error, CONFLICTS));
      return get(id);
    },

    async update(id, input, context) {
      await db
        .transaction(async (tx) => {
          const locked = await lockDriver(tx, id);
          if (!locked) throw driverNotFound();
          const before = (await findDriver(tx, id))!;
          await tx
            .update(users)
            .set({ name: input.name, email: input.email, updatedAt: new Date() })
            .where(eq(users.id, locked.userId));
          const { name: _name, email: _email, ...driverFields } = input;
          await tx
            .update(drivers)
            .set({ ...driverFields, updatedAt: new Date() })
            .where(eq(drivers.id, id));
          await recordAudit(tx, {
            ...context,
            action: 'driver.updated',
            entityType: 'driver',
            entityId: id,
            details: changedFields({ ...before, name: before.user.name, email: before.user.email }, input),
          });
        })
        .catch((error: unknown) => rethrowConflict(error, CONFLICTS));
      return get(id);
    },

    async remove(id, context) {
      const removed = await db
        .transaction(async (tx) => {
          const locked = await lockDriver(tx, id);
          if (!locked) throw driverNotFound();
          await assertNotAssigned(tx, routeAssignments.driverId, id, 'driver');
          const before = (await findDriver(tx, id))!;
          // The driver row goes with its user account (on delete cascade).
          await tx.delete(users).where(eq(users.id, locked.userId));
          await recordAudit(tx, {
            ...context,
            action: 'driver.deleted',
            entityType: 'driver',
            entityId: id,
            details: { name: before.user.name, email: before.user.email, licenseNo: before.licenseNo },
          });
          return locked;
        })
        .catch((error: unknown) => rethrowConflict(error, CONFLICTS));
      await storage.remove('driver', removed.profileImage);
    },

    ...profileImageTarget(db, drivers, 'driver'),
  };
}
