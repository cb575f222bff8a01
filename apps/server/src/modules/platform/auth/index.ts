/** The auth module's front door: what the rest of the server may use of it. */
export { authRoutes, clientOf, LOGIN_ATTEMPTS_PER_MINUTE } from './auth-routes.js';
export { createAuthService, loginRefusal, refusalMessage } from './auth-service.js';
export { createAuthenticator, tokenOf } from './authenticator.js';
export { clearFailedLogins } from './login-failure-queries.js';
export { relyingPartyOf } from './passkeys.js';
export { secretBox, type SecretBox } from './second-factor-crypto.js';
export { sessionUserOf } from './second-factor-enrolment.js';
export { secondFactorRoutes } from './second-factor-routes.js';
export { createSecondFactorService } from './second-factor-service.js';
export { revokeSession, revokeUserSessions } from './session-queries.js';
export { authenticate, userLiveSessions } from './sessions.js';
export type { AuthenticatedSession, SessionLifetimes } from './sessions.js';
export { pruneSignInLeftovers } from './sign-in-leftovers.js';
export { openSignedInSession } from './sign-in.js';
export { maySignIn } from './sign-in-roles.js';
export { hashToken, newToken, tokenFromHeader } from './tokens.js';
