import type { z } from 'zod';
import type { Vehicle, vehicleInputSchema } from '@school-transport/shared';
import { routeAssignments, vehicles } from '../../db/schema/index.js';
import { conflict } from '../../lib/errors.js';
import { createTableService } from '../../lib/table-service.js';
import { seatedInVehicle } from '../route-assignments/assignment-queries.js';
import { profileImageTarget, type ImageServiceDeps } from '../uploads/profile-image-target.js';

type VehicleRow = typeof vehicles.$inferSelect;

export function createVehicleService({ db, urls, storage }: ImageServiceDeps) {
  const service = createTableService<VehicleRow, Vehicle, z.output<typeof vehicleInputSchema>>({
    db,
    table: vehicles,
    entity: 'vehicle',
    searchColumns: [vehicles.licensePlate, vehicles.model, vehicles.type, vehicles.color],
    conflicts: {
      vehicles_license_plate_unique: {
        field: 'licensePlate',
        message: 'A vehicle with this registration number already exists.',
      },
      route_assignments_vehicle_id_vehicles_id_fk: { message: 'This vehicle is used by a route assignment.' },
    },
    assignmentColumn: routeAssignments.vehicleId,
    toAnswer: ({ updatedAt: _updatedAt, ...row }) => ({
      ...row,
      profileImage: urls.urlFor('vehicle', row.profileImage),
      createdAt: row.createdAt.toISOString(),
    }),
    describe: (row) => ({ licensePlate: row.licensePlate, model: row.model }),
    afterRemove: (row) => storage.remove('vehicle', row.profileImage),
    // The row is locked (FOR UPDATE), so no assign-students call can add a child until this commits.
    async beforeUpdate(tx, before, input) {
      const seated = await seatedInVehicle(tx, before.id);
      if (input.capacity < seated) {
        const message = `${seated} students ride in this vehicle; its capacity cannot go below ${seated}.`;
        throw conflict(message, [{ field: 'capacity', message }]);
      }
    },
  });

  return { ...service, ...profileImageTarget(db, vehicles, 'vehicle') };
}
