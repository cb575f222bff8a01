import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIVE_EVENT_TYPES, messageAnswerSchema } from '@school-transport/shared';
import { errorAnswers, mediaAnswer } from '../../../lib/answers.js';
import { success } from '../../../lib/envelope.js';
import { requireAuth } from '../../../plugins/authentication.js';
import { tokenFromHeader, tokenOf } from '../../platform/auth/index.js';
import {
  lastEventIdOf,
  streamCookieHeader,
  type LiveStreams,
  type StreamCookieOptions,
} from './live-service.js';

export interface LiveRouteDeps {
  streams: LiveStreams;
  cookie: StreamCookieOptions;
}

/**
 * The live stream and the cookie that lets a browser open it. A browser first asks for the cookie with its usual
 * Authorization header, then opens `new EventSource('/api/live')`, which cannot send headers; on sign-out it
 * clears the cookie.
 */
export function liveRoutes({ streams, cookie }: LiveRouteDeps) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['live'];

    routes.get(
      '/live',
      {
        // Every audience, each filtered by the stream itself (live-service.ts): nothing is written unchecked.
        config: { access: 'live', streamCookie: true },
        // A HEAD would open a stream that sends nothing and never ends.
        exposeHeadRoute: false,
        schema: {
          tags,
          summary: 'The live event stream (text/event-stream); resumes after the Last-Event-ID header',
          response: {
            200: mediaAnswer(
              `Server-Sent Events with JSON data: ready first, then ${LIVE_EVENT_TYPES.join(', ')}, each with an ` +
                'id to resume from; reset when the stream cannot resume (read the state again)',
              { 'text/event-stream': z.string() },
            ),
            ...errorAnswers({
              429: 'This session, user or address already has as many live streams open as it may',
              503: 'The server has as many live streams open as it may: try again in a minute',
            }),
          },
        },
      },
      async (request, reply) => {
        const { user, sessionId } = requireAuth(request);
        // Counted before anything is written: a stream past a cap is refused in words (429, or 503 when the
        // server's share is full), as any other request is.
        const slot = streams.admit(
          { userId: user.id, role: user.role, sessionId },
          request.ip,
          // The access check found a session for this very token: the stream looks it up again by it.
          tokenOf(request)!,
        );
        // From here the answer is written by hand, and by no hook: compression, for one, would hold it back.
        reply.hijack();
        // The handler returns once the stream is open, so a closing server does not wait for it to end.
        try {
          await streams.open(reply.raw, slot, lastEventIdOf(request.headers['last-event-id']), {
            'x-request-id': request.id,
          });
        } catch (error) {
          // No hook answers a hijacked request: cut it, and the browser tries again.
          request.log.error({ err: error }, 'live stream: could not be opened');
          reply.raw.destroy();
        }
      },
    );

    routes.post(
      '/live/cookie',
      {
        config: { access: 'live' },
        schema: { tags, response: { 200: messageAnswerSchema } },
      },
      async (request, reply) => {
        requireAuth(request);
        // The access check took this very header's token: the cookie carries the same session.
        const token = tokenFromHeader(request.headers.authorization)!;
        reply.header('set-cookie', streamCookieHeader(token, cookie));
        return success(undefined, 'This browser may now follow the live stream.');
      },
    );

    routes.delete(
      '/live/cookie',
      {
        // Signing out clears it, after the session has already ended: nothing to check, nothing to leak.
        config: { access: 'public' },
        schema: { tags, response: { 200: messageAnswerSchema } },
      },
      async (_request, reply) => {
        reply.header('set-cookie', streamCookieHeader(null, cookie));
        return success(undefined, 'This browser no longer follows the live stream.');
      },
    );
  };
}
