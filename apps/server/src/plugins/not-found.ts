import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@school-transport/shared';
import { failure } from '../lib/envelope.js';

/** The phone apps, each with its own page in the web build (apps/web/<app>/index.html): /driver…, /parent…. */
const PHONE_APPS = ['driver', 'parent'];

/**
 * The web build's page for an address that is not a file: a phone app's own page for the app's addresses (every
 * screen of it, so a deep link opens it), the back-office's index.html for everything else.
 */
export function webPageFor(url: string): string {
  const pathname = url.split('?')[0]!;
  const app = PHONE_APPS.find((name) => pathname === `/${name}` || pathname.startsWith(`/${name}/`));
  return app ? `${app}/index.html` : 'index.html';
}

/**
 * Unknown API paths answer the envelope; other GETs get the web app's page (when served) so it can show its 404.
 * Pages are never cached by the browser unrevalidated: a new release shows at once.
 */
export function addNotFoundHandling(app: FastifyInstance, servesWebApp: boolean): void {
  app.setNotFoundHandler((request, reply) => {
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (servesWebApp && isPageRequest && !request.url.startsWith('/api/') && request.url !== '/api') {
      return reply.header('cache-control', 'no-cache').sendFile(webPageFor(request.url));
    }
    return reply.code(404).send(failure(MESSAGES.notFound));
  });
}
