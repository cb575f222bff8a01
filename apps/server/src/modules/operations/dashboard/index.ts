/** The dashboard module's front door: what the rest of the server may use of it. */
export { dashboardRoutes } from './dashboard-routes.js';
