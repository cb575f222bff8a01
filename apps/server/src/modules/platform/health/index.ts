/** The health module's front door: what the rest of the server may use of it. */
export { healthRoutes } from './health-routes.js';
