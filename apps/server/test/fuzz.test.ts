import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayUse, type Role } from '@school-transport/shared';
import type { RouteEntry } from '../src/app.js';
import { nextAddress, tokenFor } from './support/accounts.js';
import { apiAs } from './support/requests.js';
import { bodyFor, pathFor, queryFor, routeInputs } from './support/schema-arbitraries.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Property-based bad input over every route that takes a body, a query or path parameters (from the server's own
 * route table, with each route's fields read from the OpenAPI document its zod schemas produce): whatever
 * arrives, the answer is a 4xx (or a 2xx when the value happens to be valid) with the envelope, never a 5xx.
 * Routes open to drivers, parents or visitors are fuzzed as them too, since their input is checked after access.
 */
let t: TestApp;
const tokens = new Map<Role | 'visitor', string | null>();

beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'silent' } });
  tokens.set('admin', await tokenFor(t.app, 'admin'));
  tokens.set('driver', await tokenFor(t.app, 'driver'));
  tokens.set('parent', await tokenFor(t.app, 'parent'));
  tokens.set('school_staff', await tokenFor(t.app, 'school_staff'));
  tokens.set('visitor', null);
});
afterAll(() => t.close());

/**
 * Who can get past the access check of a route, and so reach its validation and handler. Dispatchers and viewers
 * run the admin's handlers on the routes they reach, so the admin stands for them; school staff's are scoped to
 * their schools, so they are fuzzed as themselves.
 */
const FUZZED_ROLES = ['admin', 'driver', 'parent', 'school_staff'] as const;
const callersOf = (route: RouteEntry): Array<Role | 'visitor'> =>
  route.access === 'public'
    ? ['admin', 'visitor']
    : FUZZED_ROLES.filter((role) => mayUse(role, route.access));

describe('bad input never breaks the server', () => {
  it('answers every hostile request with the envelope and below 500', async () => {
    // Logging out would end the session the rest of the run uses; health's 503 speaks of the disk, not the input;
    // the live stream never ends (its one input, Last-Event-ID, is tested in live-stream.test.ts).
    const skipped = new Set(['/api/auth/logout', '/api/health', '/api/live']);
    const routes = t.app.routeTable.filter((route) => !skipped.has(route.url));
    let requests = 0;
    let dated = 0;
    for (const route of routes) {
      const inputs = routeInputs(t.app, route.method, route.url);
      const takesInput = inputs.body || Object.keys(inputs.query).length || Object.keys(inputs.path).length;
      const takesBody = route.method === 'POST' || route.method === 'PUT';
      if (JSON.stringify(inputs).includes('"format":"date"')) dated += 1;
      for (const caller of callersOf(route)) {
        const token = tokens.get(caller);
        await fc.assert(
          fc.asyncProperty(
            bodyFor(inputs.body),
            queryFor(inputs.query),
            pathFor(route.url, inputs.path),
            async (body, query, path) => {
              const search = new URLSearchParams(query).toString();
              const answer = await t.app.inject({
                method: route.method as 'GET',
                url: `${path}${search ? `?${search}` : ''}`,
                headers: {
                  ...(token ? { authorization: token } : {}),
                  ...(takesBody ? { 'content-type': 'application/json' } : {}),
                },
                remoteAddress: nextAddress(),
                ...(takesBody ? { payload: JSON.stringify(body) ?? 'null' } : {}),
              });
              requests += 1;
              const label = `${caller} ${route.method} ${path}?${search} ${JSON.stringify(body)?.slice(0, 300)} -> ${answer.statusCode} ${answer.body.slice(0, 300)}`;
              expect(answer.statusCode, label).toBeLessThan(500);
              const type = answer.headers['content-type']?.toString() ?? '';
              if (type.includes('ndjson')) {
                // A streamed answer (an import's progress): every line is one JSON message.
                for (const line of answer.body.split('\n').filter(Boolean))
                  expect(() => JSON.parse(line) as unknown, label).not.toThrow();
              } else if (type.includes('json')) {
                expect(answer.json(), label).toHaveProperty('success');
              }
            },
          ),
          { numRuns: takesInput ? (caller === 'admin' ? 60 : 30) : 10 },
        );
      }
    }
    // The schemas were read: the trip list, trip generation and audit log all take dates.
    expect(dated).toBeGreaterThanOrEqual(3);
    expect(requests).toBeGreaterThan(2000);
  }, 600_000);

  it('stores text exactly as sent, byte for byte', async () => {
    const api = apiAs(t.app, tokens.get('admin')!);
    const storableText = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 60 })
      .filter((s) => s.trim() === s && s.length > 0 && !s.includes('\u0000'));
    await fc.assert(
      fc.asyncProperty(storableText, storableText, async (name, address) => {
        const created = await api('POST', '/api/drivers/create', {
          name: name.slice(0, 100),
          email: `fuzz${Math.random().toString(36).slice(2)}@example.com`,
          phone: '9876543210',
          licenseNo: `FZ-${Math.random().toString(36).slice(2)}`,
          address,
        });
        if (created.status !== 201) return; // e.g. a name of only whitespace-like graphemes
        const read = await api('GET', `/api/drivers/get-one/${created.body.data.id}`);
        expect(Buffer.from(read.body.data.user.name)).toEqual(Buffer.from(name.slice(0, 100)));
        expect(Buffer.from(read.body.data.address)).toEqual(Buffer.from(address));
      }),
      { numRuns: 100 },
    );
  });
});
