import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Which requests changed someone's access to the live stream: a write that does (a session ended, an account
 * disabled, a child moved) calls `accessChanged()`, and that request's answer waits for `caughtUp` (the live
 * module's: until this process's streams have followed, modules/operations/live/live-access.ts) before it goes. Here, below
 * every module, so that the writes of auth, users, families and assignments can say so without importing the live
 * module (which imports auth).
 */

interface RequestChanges {
  changed: boolean;
}
const changes = new AsyncLocalStorage<RequestChanges>();

/**
 * Called by a write that changes someone's access to the live stream (session-queries.ts, user-queries.ts, ...),
 * inside the request that makes it: that request's answer then waits until this process's streams have followed.
 * Outside a request (a job, a script) it does nothing; the triggers still tell every process.
 */
export function accessChanged(): void {
  const store = changes.getStore();
  if (store) store.changed = true;
}

const resourceOf = new WeakMap<FastifyRequest, { store: RequestChanges; resource: AsyncResource }>();

/**
 * Follows each request's writes (accessChanged) and holds back the answer of one that changed access until
 * `caughtUp()`. The request runs inside its own store from its first hook; the body's parsing runs outside
 * any request's context (the socket's), so the later hooks and the handler are put back inside it.
 */
export function addAccessTracking(app: FastifyInstance, caughtUp: () => Promise<void>): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const store: RequestChanges = { changed: false };
    changes.run(store, () => {
      const resource = new AsyncResource('live-access');
      resourceOf.set(request, { store, resource });
      resource.runInAsyncScope(done);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const tracked = resourceOf.get(request);
    if (tracked) tracked.resource.runInAsyncScope(done);
    else done();
  });
  app.addHook('onSend', async (request) => {
    const tracked = resourceOf.get(request);
    if (!tracked?.store.changed) return;
    tracked.store.changed = false;
    await caughtUp();
  });
}
