/** The field-trips module's front door (issue 37, decision 073). */
export { fieldTripRoutes } from './field-trip-routes.js';
export { createFieldTripService } from './field-trip-service.js';
export type { FieldTripService } from './field-trip-service.js';
export { maySee, seesEveryRequest } from './field-trip-access.js';
export { childIdsOfFieldTrip } from './field-trip-queries.js';
export { manifestFieldTrip } from './field-trip-manifest.js';
