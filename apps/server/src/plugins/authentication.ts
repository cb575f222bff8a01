import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES, mayUse, type Access, type SessionUser } from '@school-transport/shared';
import { forbidden, refusal } from '../lib/errors.js';

/**
 * Who may call a route. Routes say so in `config.access` (the vocabulary and the roles each lets in:
 * packages/shared/src/roles.ts, ACCESS_ROLES; decision 069 has the matrix); a route that says nothing is
 * admin-only, so a new route is closed until someone opens it on purpose. 'driver' is the driver app's: a signed-in
 * driver only. Administrators are refused there too (403): they run no trips, so "my trips" means nothing for
 * them, and the office reads the same manifest through its own route; two audiences on one route would be one more
 * place where a check on whose trip it is could be forgotten. 'parent' (the parent portal's) and 'school' (school
 * staff's, scoped to their schools) are the same: their own role only. 'live' is the live stream's: any session
 * passes, as for 'signed-in', and the handler filters what each role receives (the office everything, a driver their
 * own trips, a parent their own children's events and their bus while it carries them:
 * modules/operations/live/live-service.ts).
 */
export type { Access };

/**
 * The cookie that carries a session to the live stream: EventSource cannot send an Authorization header, and a
 * token in the URL would land in logs and browser history. Only routes with `config.streamCookie` read it.
 */
export const STREAM_COOKIE = 'st_live';

/** A live session: what the access check puts on the request. */
export interface AuthenticatedSession {
  sessionId: string;
  user: SessionUser;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The session may come from the stream cookie (STREAM_COOKIE) when the request has no Authorization header. */
    streamCookie?: boolean;
  }
  interface FastifyRequest {
    /** Set for every route that is not public. */
    auth: AuthenticatedSession | null;
  }
}

/**
 * The live session behind a request's Authorization header (or, on a `streamCookie` route without that header,
 * its stream cookie), or null. Built by the auth module
 * (modules/platform/auth/authenticator.ts) and handed to this plugin, which knows nothing of how sessions are stored.
 */
export type Authenticator = (request: FastifyRequest) => Promise<AuthenticatedSession | null>;

/** Adds the access check to every route registered in `scope` (the /api scope) and its children. */
export function addAuthentication(scope: FastifyInstance, authenticator: Authenticator): void {
  scope.decorateRequest('auth', null);
  scope.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access ?? 'admin';
    if (access === 'public') return;
    if (!presentsCredentials(request)) throw refusal(401, { code: 'refusal.signInRequired' });
    const session = await authenticator(request);
    if (!session) throw refusal(401, { code: 'refusal.sessionEnded' });
    request.auth = session;
    const { role } = session.user;
    if (mayUse(role, access)) return;
    // Refused before the body is validated or read: a role that may not call a route learns nothing of its input.
    if (access === 'driver') throw refusal(403, { code: 'refusal.driversOnly' });
    if (access === 'parent') throw refusal(403, { code: 'refusal.parentsOnly' });
    if (access === 'admin') throw forbidden(MESSAGES.adminOnly);
    throw forbidden(MESSAGES.notYourRole);
  });
}

/** An Authorization header, or the stream cookie where the route takes it. */
function presentsCredentials(request: FastifyRequest): boolean {
  if (request.headers.authorization) return true;
  return (
    request.routeOptions.config.streamCookie === true &&
    cookieValue(request.headers.cookie, STREAM_COOKIE) !== null
  );
}

/** One cookie's value from a Cookie header (`a=1; b=2`), or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const pair of header.split(';')) {
    const split = pair.indexOf('=');
    if (split > 0 && pair.slice(0, split).trim() === name) return pair.slice(split + 1).trim();
  }
  return null;
}

/** For handlers of non-public routes, where the hook above guarantees a session. */
export function requireAuth(request: { auth: AuthenticatedSession | null }): AuthenticatedSession {
  if (!request.auth) throw refusal(401, { code: 'refusal.signInRequired' });
  return request.auth;
}
