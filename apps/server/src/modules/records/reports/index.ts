/** The reports module's front door: what the rest of the server may use of it. */
export { countOnTimeRollupsWith } from './reports-queries.js';
export { reportRoutes } from './reports-routes.js';
export { createReportsService } from './reports-service.js';
