/** The address of the route list (routes are added and edited in its dialogs). */
export const ROUTE_LIST_PATH = '/all-routes';
