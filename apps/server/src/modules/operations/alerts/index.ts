/** The alerts module's front door: what the rest of the server may use of it. */
export { createAlertChecks } from './alert-checks.js';
export { alertRoutes } from './alert-routes.js';
export { createAlertService, tripInWords } from './alert-service.js';
export type { AlertInput, AlertService } from './alert-service.js';
