/** What other features may use of the routes feature (bus routes): the API resource and the list's address. */
export { ROUTES } from './api';
export { ROUTE_LIST_PATH } from './paths';
