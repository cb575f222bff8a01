/** The driver app's addresses: everything under /driver, so its service worker's scope covers it all. */
export const driverPaths = {
  today: '/driver',
  signIn: '/driver/sign-in',
  account: '/driver/account',
  hours: '/driver/hours',
  trip: (id: string) => `/driver/trips/${id}`,
  inspection: (vehicleId: string) => `/driver/vehicles/${vehicleId}/inspection`,
} as const;
