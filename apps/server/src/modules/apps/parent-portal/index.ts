/** The parent-portal module's front door: what the rest of the server may use of it. */
export { createParentLiveScopes } from './parent-live.js';
export { parentPortalRoutes } from './parent-portal-routes.js';
export { createParentPortalService } from './parent-portal-service.js';
export { createParentStopChanges } from './parent-stop-changes.js';
export { createParentHandOver, parentHandOverRoutes } from './parent-hand-over.js';
export { createParentFamilyInbox } from './parent-family-inbox.js';
