/** The schools module's front door: what the rest of the server may use of it. */
export { schoolRoutes } from './school-routes.js';
export { createSchoolService } from './school-service.js';
