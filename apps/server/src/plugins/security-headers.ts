import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Headers on every answer. Scripts only from our own origin (the built app has no inline script); inline styles
 * are allowed because MUI's emotion injects <style> tags at run time.
 */
export async function addSecurityHeaders(
  app: FastifyInstance,
  options: { mapTileOrigin: string },
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Map tiles come from the configured tile server (MAP_TILE_URL).
        imgSrc: ["'self'", 'data:', 'blob:', options.mapTileOrigin],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  // API answers carry personal data: no browser or proxy may keep a copy, unless a route chose otherwise
  // (signed image URLs may be kept privately by the browser).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
}
