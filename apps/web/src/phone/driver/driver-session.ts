import { appSessionContext, appSessionStore } from '../../lib/session/app-session';

/** The driver app keeps its own session, apart from the back-office's (see lib/session/app-session). */
export const driverSessionStore = appSessionStore('driver', 'driver');

const driverSession = appSessionContext('the driver app');
export const DriverSessionContext = driverSession.Context;
export const useDriverSession = driverSession.useSession;
/** The signed-in driver's token; the driver's screens are only shown with one. */
export const useDriverToken = driverSession.useToken;
