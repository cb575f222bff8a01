import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { nextAddress, tokenFor } from './accounts.js';
import { createTestApp, type TestApp } from './test-app.js';

/** An admin's API, through app.inject: `call('POST', '/api/drivers/create', body)`. */
export function apiAs(app: FastifyInstance, token: string) {
  return async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const answer = await app.inject({
      method,
      url,
      headers: { authorization: token },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: answer.statusCode, body: answer.json() };
  };
}
export type Api = ReturnType<typeof apiAs>;

/**
 * A POST from a client address of its own (nextAddress), or `remoteAddress` when a test needs one address across
 * calls (a lockout), with a session token if given: the account calls limit each address to a few a minute, and a
 * test makes more than that.
 */
export function postFromNewAddress(
  app: FastifyInstance,
  url: string,
  payload?: object,
  token?: string,
  remoteAddress = nextAddress(),
) {
  return app.inject({
    method: 'POST',
    url,
    ...(payload ? { payload } : {}),
    remoteAddress,
    headers: token ? { authorization: token } : {},
  });
}

/**
 * The test file's own app, opened before its tests and closed after them, and the API of an admin signed in to
 * it. Both are ready once the file's tests run (`t` is filled in then; `api` calls the admin's session).
 */
export function adminTestApp(options: Parameters<typeof createTestApp>[0] = {}): { t: TestApp; api: Api } {
  const t = {} as TestApp;
  let admin: Api | undefined;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(options));
    admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
  });
  afterAll(() => t.close());
  return { t, api: (method, url, payload) => admin!(method, url, payload) };
}
