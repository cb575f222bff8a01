import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '@school-transport/shared';
import type { Database } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { authenticate, type AuthenticatedSession, type SessionLifetimes } from '../modules/auth/sessions.js';
import { tokenFromHeader } from '../modules/auth/tokens.js';

/**
 * Who may call a route. Routes say so in `config.access`; a route that says nothing is admin-only, so a new
 * route is closed until someone opens it on purpose.
 */
export type Access = 'public' | 'signed-in' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** Set for every route that is not public. */
    auth: AuthenticatedSession | null;
  }
}

export interface AuthenticationDeps {
  db: Database;
  clock: Clock;
  lifetimes: SessionLifetimes;
}

export type Authenticator = (request: FastifyRequest) => Promise<AuthenticatedSession | null>;

/** The live session behind a request's Authorization header, or null. */
export function createAuthenticator(deps: AuthenticationDeps): Authenticator {
  return async (request) => {
    const token = tokenFromHeader(request.headers.authorization);
    return token ? authenticate(deps.db, token, deps.clock(), deps.lifetimes) : null;
  };
}

/** Adds the access check to every route registered in `scope` (the /api scope) and its children. */
export function addAuthentication(scope: FastifyInstance, authenticator: Authenticator): void {
  scope.decorateRequest('auth', null);
  scope.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access ?? 'admin';
    if (access === 'public') return;
    if (!request.headers.authorization) throw unauthorized(MESSAGES.signInRequired);
    const session = await authenticator(request);
    if (!session) throw unauthorized(MESSAGES.sessionEnded);
    request.auth = session;
    if (access === 'admin' && session.user.role !== 'admin') throw forbidden(MESSAGES.adminOnly);
  });
}

/** For handlers of non-public routes, where the hook above guarantees a session. */
export function requireAuth(request: { auth: AuthenticatedSession | null }): AuthenticatedSession {
  if (!request.auth) throw unauthorized(MESSAGES.signInRequired);
  return request.auth;
}
