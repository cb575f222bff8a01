import { eq, sql } from 'drizzle-orm';
import type { Driver } from '@school-transport/shared';
import type { Clock } from '../../../lib/clock.js';
import { ownSorts } from '../../../db/list-queries.js';
import { busRoutes, drivers, routeAssignments, users, vehicles } from '../../../db/schema/index.js';
import { refuseWhileAssigned } from '../assignments/index.js';
import { accountResource, accountSort, createResourceService } from '../../platform/resources/index.js';
import { type ImageServiceDeps, profileImageTarget } from '../../platform/uploads/index.js';
import { accountRecordAnswer, accountStateColumns } from '../../platform/accounts/index.js';

/**
 * The driver's assignment with its vehicle and route, as one JSON value: a sub-select per row the list has already
 * chosen (the page's ids come first, db/list-queries.ts), found through the unique index on its driver.
 */
const assignmentColumn = sql<Driver['assignment']>`(select json_build_object(
    'id', ${routeAssignments.id}, 'vehicleId', ${vehicles.id}, 'licensePlate', ${vehicles.licensePlate},
    'routeId', ${busRoutes.id}, 'routeName', ${busRoutes.name})
  from ${routeAssignments}
  join ${vehicles} on ${eq(vehicles.id, routeAssignments.vehicleId)}
  join ${busRoutes} on ${eq(busRoutes.id, routeAssignments.routeId)}
  where ${eq(routeAssignments.driverId, drivers.id)})`;

/**
 * A driver is a person with an account (role driver, no password until they accept an invitation to the driver
 * app: accounts/role-account-service.ts): name and e-mail live on the user.
 */
const resource = accountResource(drivers, 'driver', {
  searchColumns: [drivers.phone, drivers.licenseNo],
  assignedBy: routeAssignments.driverId,
  sorts: {
    name: accountSort(drivers, 'driver', users.name),
    email: accountSort(drivers, 'driver', users.email),
    ...ownSorts(drivers, { licenseNo: [drivers.licenseNo], createdAt: [drivers.createdAt] }),
  },
  beforeRemove: refuseWhileAssigned(routeAssignments.driverId, 'driver'),
  extraColumns: { ...accountStateColumns, assignment: assignmentColumn },
});
type DriverRow = NonNullable<Awaited<ReturnType<typeof resource.find>>>;

export function createDriverService({ db, urls, storage, clock }: ImageServiceDeps & { clock: Clock }) {
  const toAnswer = (found: DriverRow): Driver =>
    accountRecordAnswer(found, clock(), (fileName) => urls.urlFor('driver', fileName));
  const service = createResourceService({
    db,
    entity: 'driver',
    notFoundMessage: 'Driver not found.',
    conflicts: {
      users_email_lower_unique: {
        field: 'email',
        message: 'An account with this email address already exists.',
      },
      drivers_license_no_unique: {
        field: 'licenseNo',
        message: 'A driver with this license number already exists.',
      },
      route_assignments_driver_id_drivers_id_fk: { message: 'This driver is used by a route assignment.' },
      covers_driver_id_drivers_id_fk: { message: 'This driver is named by a cover: undo the cover first.' },
    },
    ...resource,
    toAnswer,
    toListAnswer: toAnswer,
    describe: (driver) => ({ name: driver.name, email: driver.email, licenseNo: driver.licenseNo }),
    afterRemove: (row) => storage.remove('driver', row.profileImage),
  });
  return { ...service, ...profileImageTarget(service, drivers) };
}
export type DriverService = ReturnType<typeof createDriverService>;
