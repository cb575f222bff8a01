/** The exports module's front door: what the rest of the server may use of it. */
export { exportRoutes } from './export-routes.js';
