/** The ridership module's front door: what the rest of the server may use of it. */
export type { LoggedRidership } from './ridership-live.js';
export { eventsOfTrip, latestFixesOf } from './ridership-queries.js';
export type { RidershipEventRow } from './ridership-queries.js';
export { ridershipRoutes } from './ridership-routes.js';
export { trackerRoutes } from './tracker-routes.js';
