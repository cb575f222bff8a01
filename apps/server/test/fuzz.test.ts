import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress, tokenFor } from './support/accounts.js';
import { apiAs } from './support/requests.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Property-based bad input over every route that takes a body, a query or path parameters (from the server's own
 * route table): whatever arrives, the answer is a 4xx (or a 2xx when the value happens to be valid) with the
 * envelope, never a 5xx.
 */
let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'silent' } });
  adminToken = await tokenFor(t.app, 'admin');
});
afterAll(() => t.close());

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    "' OR 1=1 --",
    "'; DROP TABLE users; --",
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    '%',
    '_',
    '\\',
    '\u0000',
    '\ud800',
    '../../etc/passwd',
    '${jndi:ldap://x}',
    '{{7*7}}',
  ),
  fc.integer({ min: 1000, max: 200_000 }).map((n) => 'x'.repeat(n)),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.constant(null),
  fc.boolean(),
  fc.double(),
  fc.integer(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308, -1e308),
  fc.array(hostileText, { maxLength: 5 }),
  fc.jsonValue({ maxDepth: 4 }),
);
/** Objects with the fields the API knows, filled with hostile values, plus fields it does not know. */
const FIELD_NAMES = [
  'name',
  'email',
  'phone',
  'alternativePhone',
  'licenseNo',
  'address',
  'city',
  'state',
  'pinCode',
  'licensePlate',
  'model',
  'type',
  'color',
  'capacity',
  'startLocation',
  'endLocation',
  'distanceKm',
  'durationMin',
  'parentId',
  'class',
  'rollNo',
  'nfcTagId',
  'pickupAndDropLat',
  'pickupAndDropLng',
  'pickupDropAddress',
  'children',
  'routeId',
  'vehicleId',
  'driverId',
  'studentIds',
  'id',
  'date',
  'password',
  'confirmPassword',
  'currentPassword',
  'token',
  'code',
  '__proto__',
  'constructor',
];
const hostileBody = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), hostileValue, { maxKeys: 12 }),
  hostileValue,
);
const hostileQuery = fc.dictionary(
  fc.constantFrom(
    'page',
    'limit',
    'search',
    'unassigned',
    'status',
    'type',
    'dateFrom',
    'dateTo',
    'actor',
    'expires',
    'signature',
  ),
  fc.oneof(hostileText, fc.integer().map(String)),
  { maxKeys: 5 },
);
/** A lone surrogate cannot be percent-encoded; send the invalid UTF-8 a broken client would. */
const encodeSegment = (segment: unknown) => {
  try {
    return encodeURIComponent(String(segment));
  } catch {
    return '%ED%A0%80';
  }
};
const hostileSegment = fc.oneof(hostileText, fc.uuid(), fc.constantFrom('driver', 'start', '0', '-1'));

describe('bad input never breaks the server', () => {
  it('answers every hostile request with the envelope and below 500', async () => {
    const routes = t.app.routeTable.filter((route) => route.url !== '/api/auth/logout');
    let requests = 0;
    for (const route of routes) {
      const takesBody = route.method === 'POST' || route.method === 'PUT';
      const hasParams = route.url.includes(':');
      await fc.assert(
        fc.asyncProperty(
          hostileBody,
          hostileQuery,
          fc.array(hostileSegment, { minLength: 3, maxLength: 3 }),
          async (body, query, segments) => {
            let i = 0;
            const path = route.url.replace(/:\w+/g, () => encodeSegment(segments[i++]));
            const search = new URLSearchParams(query as Record<string, string>).toString();
            const answer = await t.app.inject({
              method: route.method as 'GET',
              url: `${path}${search ? `?${search}` : ''}`,
              headers: { authorization: adminToken },
              remoteAddress: nextAddress(),
              ...(takesBody
                ? {
                    payload: JSON.stringify(body) ?? 'null',
                    headers: { authorization: adminToken, 'content-type': 'application/json' },
                  }
                : {}),
            });
            requests += 1;
            const label = `${route.method} ${route.url} -> ${answer.statusCode} ${answer.body.slice(0, 300)}`;
            expect(answer.statusCode, label).toBeLessThan(500);
            if (answer.headers['content-type']?.toString().includes('json')) {
              expect(answer.json(), label).toHaveProperty('success');
            }
          },
        ),
        { numRuns: takesBody || hasParams ? 60 : 25 },
      );
    }
    expect(requests).toBeGreaterThan(2000);
  }, 300_000);

  it('stores text exactly as sent, byte for byte', async () => {
    const api = apiAs(t.app, adminToken);
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
