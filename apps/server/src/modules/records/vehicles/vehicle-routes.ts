import { vehicleListQuerySchema, vehicleInputSchema, vehicleSchema } from '@school-transport/shared';
import { resourceRoutes } from '../../platform/resources/index.js';
import type { VehicleService } from './vehicle-service.js';

/** /api/vehicles/… */
export const vehicleRoutes = (service: VehicleService) =>
  resourceRoutes({
    path: 'vehicles',
    label: 'Vehicle',
    inputSchema: vehicleInputSchema,
    listQuerySchema: vehicleListQuerySchema,
    answerSchema: vehicleSchema,
    service,
  });
