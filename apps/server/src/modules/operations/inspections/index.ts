/** The inspections module's front door: what the rest of the server may use of it. */
export { createChildCheckAlerts } from './child-check-alerts.js';
export { inspectionBlockers } from './inspection-queries.js';
export { inspectionRoutes } from './inspection-routes.js';
export { createInspectionService } from './inspection-service.js';
