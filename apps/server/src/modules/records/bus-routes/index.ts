/** The bus-routes module's front door: what the rest of the server may use of it. */
export { busRouteRoutes } from './bus-route-routes.js';
export { createBusRouteService } from './bus-route-service.js';
