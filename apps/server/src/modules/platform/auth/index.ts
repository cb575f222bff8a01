/** The auth module's front door: what the rest of the server may use of it. */
export { authRoutes } from './auth-routes.js';
export { createAuthService, loginRefusal, refusalMessage } from './auth-service.js';
export { createAuthenticator, tokenOf } from './authenticator.js';
export { clearFailedLogins } from './login-failure-queries.js';
export { relyingPartyOf } from './passkeys.js';
export { secretBox } from './second-factor-crypto.js';
export { secondFactorRoutes } from './second-factor-routes.js';
export { createSecondFactorService } from './second-factor-service.js';
export { revokeSession, revokeUserSessions } from './session-queries.js';
export { authenticate, userLiveSessions } from './sessions.js';
export type { AuthenticatedSession, SessionLifetimes } from './sessions.js';
export { pruneSignInLeftovers } from './sign-in-leftovers.js';
export { maySignIn } from './sign-in-roles.js';
export { hashToken, newToken, tokenFromHeader } from './tokens.js';
