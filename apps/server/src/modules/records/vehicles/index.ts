/** The vehicles module's front door: what the rest of the server may use of it. */
export { vehicleRoutes } from './vehicle-routes.js';
export { createVehicleService } from './vehicle-service.js';
