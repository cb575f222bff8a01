/** The drivers module's front door: what the rest of the server may use of it. */
export { driverRoutes } from './driver-routes.js';
export { createDriverService } from './driver-service.js';
