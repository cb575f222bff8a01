/** Addresses of the driver screens (spec section 2), in one place for the routes, links and redirects. */
export const DRIVER_LIST_PATH = '/all-drivers';
export const driverDetailsPath = (id: string) => `/driver-details/${id}`;
export const updateDriverPath = (id: string) => `/update-driver-details/${id}`;
