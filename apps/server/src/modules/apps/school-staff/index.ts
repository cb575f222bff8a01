/** The school-staff module's front door (decision 069): school staff's view of their own schools. */
export { schoolStaffRoutes } from './school-staff-routes.js';
export { createSchoolStaffService } from './school-staff-service.js';
