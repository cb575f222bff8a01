/** The trips module's front door: what the rest of the server may use of it. */
export {
  applyCovers,
  detachPendingTrips,
  drivenBy,
  familiesOnTrips,
  findTrip,
  lockStandInDriver,
  lockStandInVehicle,
  lockTrip,
  pendingTripsFollowAssignment,
  setFinishReason,
} from './trip-queries.js';
export { tripRoutes } from './trip-routes.js';
export { createTripCombineService } from './trip-combine-service.js';
export {
  CALENDAR_CANCEL_REASON,
  createTripService,
  moveTripIn,
  pendingTripsFollowRoutes,
  toTrip,
  writeStatusEvents,
} from './trip-service.js';
export type { LoggedTripStatus, TripService } from './trip-service.js';
