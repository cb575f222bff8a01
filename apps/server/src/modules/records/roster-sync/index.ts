/** The roster sync module's front door (OneRoster 1.1/1.2, decision 071). */
export { rosterSyncRoutes } from './roster-routes.js';
export { createRosterSyncService } from './roster-service.js';
export type { RosterSyncService } from './roster-service.js';
