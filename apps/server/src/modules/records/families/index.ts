/** The families module's front door: what the rest of the server may use of it. */
export { familyRoutes } from './family-routes.js';
export { guardianRoutes } from './guardian-routes.js';
export { createGuardianService, type GuardianService } from './guardian-service.js';
export { createParentService } from './parent-service.js';
export { createStudentService } from './student-service.js';
/**
 * THE rule of who is a child's guardian (decision 064), defined once in db/guardian-queries.ts (the operations wing,
 * below this one, reads it there): every guardian of some children, a guardian's children, one link.
 */
export {
  childrenOfGuardian,
  guardiansOfStudents,
  guardianUsersOf,
  isGuardianOf,
  type GuardianOfStudent,
} from '../../../db/guardian-queries.js';
