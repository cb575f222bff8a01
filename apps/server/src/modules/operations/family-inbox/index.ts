/** The family-inbox module's front door: what the rest of the server may use of it (decision 067). */
export { familyInboxRoutes } from './family-inbox-routes.js';
export { createFamilyInboxService } from './family-inbox-service.js';
export type { FamilyInboxService, GuardianScope } from './family-inbox-service.js';
export { manifestNotesOn } from './family-inbox-queries.js';
