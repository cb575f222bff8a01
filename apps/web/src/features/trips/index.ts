/** What other features may use of the trips feature: the status chip and the addresses of the trip list. */
export { TRIP_LIST_PATH, tripsOfDayPath } from './paths';
export { TripStatusChip } from './TripChips';
