/** What other features may use of the vehicles feature: the API resource and the list's address. */
export { VEHICLES } from './api';
export { VEHICLE_LIST_PATH } from './paths';
