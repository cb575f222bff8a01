import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@school-transport/shared';
import { failure } from '../lib/envelope.js';

/** Unknown API paths answer the envelope; other GETs get the web app (when served) so it can show its 404. */
export function addNotFoundHandling(app: FastifyInstance, servesWebApp: boolean): void {
  app.setNotFoundHandler((request, reply) => {
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (servesWebApp && isPageRequest && !request.url.startsWith('/api/') && request.url !== '/api') {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send(failure(MESSAGES.notFound));
  });
}
