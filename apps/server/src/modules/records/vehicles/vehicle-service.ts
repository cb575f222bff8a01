import type { Vehicle } from '@school-transport/shared';
import { ownSorts } from '../../../db/list-queries.js';
import { routeAssignments, vehicles } from '../../../db/schema/index.js';
import { conflict } from '../../../lib/errors.js';
import { refuseWhileAssigned, seatedInVehicle } from '../assignments/index.js';
import { createResourceService, tableResource } from '../../platform/resources/index.js';
import { type ImageServiceDeps, profileImageTarget } from '../../platform/uploads/index.js';

const resource = tableResource(vehicles, {
  searchColumns: [vehicles.licensePlate, vehicles.model, vehicles.type, vehicles.color],
  assignedBy: routeAssignments.vehicleId,
  sorts: ownSorts(vehicles, {
    licensePlate: [vehicles.licensePlate],
    type: [vehicles.type],
    capacity: [vehicles.capacity],
    createdAt: [vehicles.createdAt],
  }),
  beforeRemove: refuseWhileAssigned(routeAssignments.vehicleId, 'vehicle'),
});

export function createVehicleService({ db, urls, storage }: ImageServiceDeps) {
  const toAnswer = ({ updatedAt: _updatedAt, ...row }: typeof vehicles.$inferSelect): Vehicle => ({
    ...row,
    profileImage: urls.urlFor('vehicle', row.profileImage),
    createdAt: row.createdAt.toISOString(),
  });
  const service = createResourceService({
    db,
    entity: 'vehicle',
    notFoundMessage: 'Vehicle not found.',
    conflicts: {
      vehicles_license_plate_unique: {
        field: 'licensePlate',
        message: 'A vehicle with this registration number already exists.',
      },
      route_assignments_vehicle_id_vehicles_id_fk: { message: 'This vehicle is used by a route assignment.' },
      covers_vehicle_id_vehicles_id_fk: {
        message: 'This vehicle is named by a cover: undo the cover first.',
      },
    },
    ...resource,
    // The row is locked (FOR UPDATE), so no assign-students call can add a child until this commits.
    async update(tx, before, input: typeof vehicles.$inferInsert) {
      const seated = await seatedInVehicle(tx, before.id);
      if (input.capacity < seated) {
        const message = `${seated} students ride in this vehicle; its capacity cannot go below ${seated}.`;
        throw conflict(message, [{ field: 'capacity', message }]);
      }
      await resource.update(tx, before, input);
    },
    toAnswer,
    toListAnswer: toAnswer,
    describe: (vehicle) => ({ licensePlate: vehicle.licensePlate, model: vehicle.model }),
    afterRemove: (row) => storage.remove('vehicle', row.profileImage),
  });
  return { ...service, ...profileImageTarget(service, vehicles) };
}
export type VehicleService = ReturnType<typeof createVehicleService>;
