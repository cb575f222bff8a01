import type { FastifyInstance } from 'fastify';

/** How long closing waits for running handlers; below the server's own shutdown grace (10 s, server.ts). */
const HANDLER_GRACE_MS = 8_000;

/**
 * Runs `close` (the database's) only once every handler has finished, or the grace has passed. The HTTP server
 * closes as soon as its sockets do, but a handler whose client hung up keeps running, and would otherwise find the
 * database gone. Handlers are tracked themselves: Fastify sends nothing (no onSend, no onResponse) for a request
 * whose client left, so hooks would count such a request as running for ever. Added before any route, and before
 * any other onClose hook, so that it runs last.
 */
export function closeAfterHandlers(app: FastifyInstance, close: () => Promise<void>): void {
  const running = new Set<Promise<unknown>>();
  app.addHook('onRoute', function trackHandler(route) {
    const handler = route.handler;
    route.handler = function trackedHandler(this: FastifyInstance, request, reply) {
      const result: unknown = handler.call(this, request, reply);
      // Only async handlers touch the database; a synchronous one (a static file) is handed back untouched.
      if (!(result instanceof Promise)) return result;
      running.add(result);
      result.then(
        () => running.delete(result),
        () => running.delete(result),
      );
      return result;
    };
  });
  app.addHook('onClose', async function closeOnceHandlersEnd() {
    await Promise.race([
      Promise.allSettled([...running]),
      new Promise((resolve) => setTimeout(resolve, HANDLER_GRACE_MS)),
    ]);
    await close();
  });
}
