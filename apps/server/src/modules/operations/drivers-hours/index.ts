/** The drivers' hours module's front door (decision 074): clock taps, shifts, timesheets and corrections. */
export { driversHoursRoutes } from './drivers-hours-routes.js';
export { createDriversHoursService } from './drivers-hours-service.js';
