import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from './support/test-app.js';

/**
 * The OpenAPI document at /api/docs/json, checked by a real validator and against the server's own route table
 * (app.routeTable): every route is in it with its success answer's media type, and with the error answers its
 * access and inputs imply (plugins/api-docs.ts adds those). The document does not depend on the database engine,
 * so it is read on PGlite only.
 */
interface Response {
  description?: string;
  content?: Record<string, { schema?: { $ref?: string } }>;
}
interface Operation {
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, Response>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

const ERROR_ANSWER = '#/components/schemas/ErrorAnswer';
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe.skipIf(TEST_DB !== 'pglite')('the OpenAPI document', () => {
  let t: TestApp;
  let document: Document;

  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'silent' } });
    const answer = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(answer.statusCode).toBe(200);
    document = answer.json<Document>();
  });
  afterAll(() => t?.close());

  /** Every route of the table with its operation in the document (undefined where it is missing). */
  const operations = () =>
    t.app.routeTable.map((route) => ({
      route,
      label: `${route.method} ${route.url}`,
      operation: document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()],
    }));

  it('is valid OpenAPI, by a validator that does refuse a broken one', async () => {
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors.map((error) => error.message)).toEqual([]);
    expect(result.warnings).toEqual([]);

    const broken = structuredClone(document);
    const [first] = Object.values(Object.values(broken.paths)[0]!);
    first!.responses['418'] = {
      content: { 'application/json': { schema: { $ref: '#/components/schemas/None' } } },
    };
    expect((await validate(broken as never)).valid).toBe(false);
  });

  it('describes every route, with the media type of its success answer (or a redirect)', () => {
    const missing = operations()
      .filter(({ operation }) => !operation)
      .map(({ label }) => label);
    expect(missing).toEqual([]);
    const withoutAnswer = operations()
      .filter(({ operation }) => {
        // A redirect (single sign-on's steps) answers with its Location, not a body.
        if (Object.keys(operation!.responses).some((status) => status.startsWith('3'))) return false;
        const successes = Object.entries(operation!.responses).filter(([status]) => status.startsWith('2'));
        return !successes.some(([, response]) => Object.keys(response.content ?? {}).length > 0);
      })
      .map(({ label }) => label);
    expect(withoutAnswer).toEqual([]);
  });

  it('declares 401 where a route needs a session, 403 where it needs a role, 400 where it takes input', () => {
    const wrong: string[] = [];
    for (const { route, label, operation } of operations()) {
      const statuses = Object.keys(operation!.responses);
      const expected = [
        ...(route.access !== 'public' ? ['401'] : []),
        ...(['admin', 'driver', 'parent'].includes(route.access) ? ['403'] : []),
        ...(operation!.parameters?.length || operation!.requestBody ? ['400'] : []),
      ];
      const absent = expected.filter((status) => !statuses.includes(status));
      if (absent.length > 0) wrong.push(`${label} (${route.access}) lacks ${absent.join(', ')}`);
    }
    expect(wrong).toEqual([]);
  });

  it('gives every error answer a description and the one error envelope', () => {
    const wrong: string[] = [];
    for (const { label, operation } of operations()) {
      for (const [status, response] of Object.entries(operation!.responses)) {
        if (Number(status) < 400) continue;
        const schema = response.content?.['application/json']?.schema;
        if (
          schema?.$ref !== ERROR_ANSWER ||
          !response.description ||
          response.description === 'Default Response'
        )
          wrong.push(`${label} ${status}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
