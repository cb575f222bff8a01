import { appSessionContext, appSessionStore } from '../../lib/session/app-session';

/**
 * The parent portal keeps its own session, apart from the back-office's and the driver app's
 * (lib/session/app-session).
 */
export const parentSessionStore = appSessionStore('parent', 'parent');

const parentSession = appSessionContext('the parent portal');
export const ParentSessionContext = parentSession.Context;
export const useParentSession = parentSession.useSession;
/** The signed-in parent's token; the portal's screens are only shown with one. */
export const useParentToken = parentSession.useToken;
