import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES, type SessionUser } from '@school-transport/shared';
import { forbidden, unauthorized } from '../lib/errors.js';

/**
 * Who may call a route. Routes say so in `config.access`; a route that says nothing is admin-only, so a new
 * route is closed until someone opens it on purpose.
 */
export type Access = 'public' | 'signed-in' | 'admin';

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
  });
}

/** For handlers of non-public routes, where the hook above guarantees a session. */
export function requireAuth(request: { auth: AuthenticatedSession | null }): AuthenticatedSession {
  if (!request.auth) throw unauthorized(MESSAGES.signInRequired);
  return request.auth;
}
