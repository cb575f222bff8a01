/** The families module's front door: what the rest of the server may use of it. */
export { familyRoutes } from './family-routes.js';
export { createParentService } from './parent-service.js';
export { createStudentService } from './student-service.js';
