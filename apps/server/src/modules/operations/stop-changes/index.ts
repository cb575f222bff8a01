/** The stop-changes module's front door: what the rest of the server may use of it (decision 057). */
export { stopChangeRoutes } from './stop-change-routes.js';
export { changedStopsOn, createStopChangeService } from './stop-change-service.js';
export { runsOf } from './stop-change-rules.js';
export type { ChangedStop, StopChangeService } from './stop-change-service.js';
export type { StopChangeRow } from './stop-change-queries.js';
export { changesOfChildrenOn, movedToOnTrip, ridersOfTrip } from './stop-change-queries.js';
