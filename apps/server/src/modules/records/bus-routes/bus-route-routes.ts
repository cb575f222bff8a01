import { busRouteListQuerySchema, busRouteInputSchema, busRouteSchema } from '@school-transport/shared';
import { resourceRoutes } from '../../platform/resources/index.js';
import type { BusRouteService } from './bus-route-service.js';

/** /api/routes/… (bus routes; the API keeps the short name). */
export const busRouteRoutes = (service: BusRouteService) =>
  resourceRoutes({
    path: 'routes',
    label: 'Route',
    inputSchema: busRouteInputSchema,
    listQuerySchema: busRouteListQuerySchema,
    answerSchema: busRouteSchema,
    service,
  });
