/** The hand-over module's front door: what the rest of the server may use of it. */
export { handOverRoutes } from './hand-over-routes.js';
export { insertMiss, tripStopName } from './hand-over-queries.js';
export type { MissRow } from './hand-over-queries.js';
export {
  ADULT_PHOTO_KIND,
  createHandOverService,
  missStillStanding,
  receivedByOf,
} from './hand-over-service.js';
export type { HandOverService, StoredAlighting } from './hand-over-service.js';
