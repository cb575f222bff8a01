import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES, type SessionUser } from '@school-transport/shared';
import { forbidden, unauthorized } from '../lib/errors.js';

/**
 * Who may call a route. Routes say so in `config.access`; a route that says nothing is admin-only, so a new
 * route is closed until someone opens it on purpose. 'driver' is the driver app's: a signed-in driver only.
 * Administrators are refused there too (403): they run no trips, so "my trips" means nothing for them, and the
 * office reads the same manifest through its own admin route; two audiences on one route would be one more place
 * where a check on whose trip it is could be forgotten.
 */
export type Access = 'public' | 'signed-in' | 'admin' | 'driver';

const DRIVERS_ONLY = 'This is for drivers, in the driver app.';

/** A live session: what the access check puts on the request. */
export interface AuthenticatedSession {
  sessionId: string;
  user: SessionUser;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** Set for every route that is not public. */
    auth: AuthenticatedSession | null;
  }
}

/**
 * The live session behind a request's Authorization header, or null. Built by the auth module
 * (modules/auth/authenticator.ts) and handed to this plugin, which knows nothing of how sessions are stored.
 */
export type Authenticator = (request: FastifyRequest) => Promise<AuthenticatedSession | null>;

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
    if (access === 'driver' && session.user.role !== 'driver') throw forbidden(DRIVERS_ONLY);
  });
}

/** For handlers of non-public routes, where the hook above guarantees a session. */
export function requireAuth(request: { auth: AuthenticatedSession | null }): AuthenticatedSession {
  if (!request.auth) throw unauthorized(MESSAGES.signInRequired);
  return request.auth;
}
