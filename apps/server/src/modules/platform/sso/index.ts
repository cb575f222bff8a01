/** The single sign-on module's front door (OpenID Connect for office staff, decision 070). */
export { pruneSsoSignIns } from './sso-queries.js';
export { ssoRoutes } from './sso-routes.js';
export { createSsoService, type SsoService } from './sso-service.js';
