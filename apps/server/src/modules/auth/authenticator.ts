import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Authenticator } from '../../plugins/authentication.js';
import { authenticate, type SessionLifetimes } from './sessions.js';
import { tokenFromHeader } from './tokens.js';

export interface AuthenticatorDeps {
  db: Database;
  clock: Clock;
  lifetimes: SessionLifetimes;
}

/** The access check's way to find a request's live session: the token of its Authorization header, looked up. */
export function createAuthenticator(deps: AuthenticatorDeps): Authenticator {
  return async (request) => {
    const token = tokenFromHeader(request.headers.authorization);
    return token ? authenticate(deps.db, token, deps.clock(), deps.lifetimes) : null;
  };
}
