import { driverListQuerySchema, driverInputSchema, driverSchema } from '@school-transport/shared';
import { resourceRoutes } from '../../platform/resources/index.js';
import type { DriverService } from './driver-service.js';

/** /api/drivers/… */
export const driverRoutes = (service: DriverService) =>
  resourceRoutes({
    path: 'drivers',
    label: 'Driver',
    inputSchema: driverInputSchema,
    listQuerySchema: driverListQuerySchema,
    answerSchema: driverSchema,
    service,
  });
