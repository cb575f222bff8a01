/** The driver-app module's front door: what the rest of the server may use of it. */
export { driverAppRoutes } from './driver-app-routes.js';
export { createDriverAppService } from './driver-app-service.js';
