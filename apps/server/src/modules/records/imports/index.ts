/** The imports module's front door: what the rest of the server may use of it. */
export { importRoutes } from './import-routes.js';
export { createImportService } from './import-service.js';
