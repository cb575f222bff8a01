import type { FastifyRequest } from 'fastify';
import type { Database } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { cookieValue, STREAM_COOKIE, type Authenticator } from '../../../plugins/authentication.js';
import { authenticate, type SessionLifetimes } from './sessions.js';
import { tokenFromCookie, tokenFromHeader } from './tokens.js';

export interface AuthenticatorDeps {
  db: Database;
  clock: Clock;
  lifetimes: SessionLifetimes;
}

/**
 * The access check's way to find a request's live session: the token of its Authorization header, looked up.
 * A route marked `streamCookie` (the live stream) also takes the token from the stream cookie, only when no
 * header was sent: a header that is there decides, even a wrong one.
 */
export function createAuthenticator(deps: AuthenticatorDeps): Authenticator {
  return async (request) => {
    const token = tokenOf(request);
    return token ? authenticate(deps.db, token, deps.clock(), deps.lifetimes) : null;
  };
}

/** The token a request presents: what the access check looked up (the live stream keeps it to look again). */
export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header !== undefined || request.routeOptions.config.streamCookie !== true)
    return tokenFromHeader(header);
  return tokenFromCookie(cookieValue(request.headers.cookie, STREAM_COOKIE));
}
