import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';

/**
 * Request generators derived from the server's own OpenAPI document (itself generated from the zod schemas the
 * routes validate with): every field a route knows, filled with plausible values so that requests get past the
 * other fields' checks, or with hostile ones. A field added to a schema is fuzzed without touching the tests.
 */

/** The subset of JSON Schema (OpenAPI 3.0 flavour) that zod's conversion produces for this API. */
export interface JsonSchema {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string; schema: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}

export interface RouteInputs {
  body: JsonSchema | null;
  query: Record<string, JsonSchema>;
  path: Record<string, JsonSchema>;
}

/** What a route takes, read from the OpenAPI document; Fastify's `:id` is OpenAPI's `{id}`. */
export function routeInputs(app: FastifyInstance, method: string, url: string): RouteInputs {
  const document = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const operation = document.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()] ?? {};
  const parameters = (where: string) =>
    Object.fromEntries(
      (operation.parameters ?? []).filter((p) => p.in === where).map((p) => [p.name, p.schema]),
    );
  return {
    body: operation.requestBody?.content?.['application/json']?.schema ?? null,
    query: parameters('query'),
    path: parameters('path'),
  };
}

export const hostileText = fc.oneof(
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

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.constant(null),
  fc.boolean(),
  fc.double(),
  fc.integer(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308, -1e308),
  fc.array(hostileText, { maxLength: 5 }),
  fc.jsonValue({ maxDepth: 4 }),
);

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * Days a date field must refuse or take: the edges of the accepted range and of the calendar, years PostgreSQL
 * cannot store (0000) or JavaScript writes with a sign, every shape of YYYY-MM-DD including impossible days,
 * and what a broken client might send instead of a day.
 */
export const hostileDate: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '0000-01-01',
    '0001-01-01',
    '1899-12-31',
    '1999-12-31',
    '2000-01-01',
    '2099-12-31',
    '2100-01-01',
    '9999-12-31',
    '2024-02-29',
    '2023-02-29',
    '-0001-01-01',
    '+275760-09-13',
    '10000-01-01',
    '2026-03-02T00:00:00Z',
    '2026-3-2',
    '20260302',
    'today',
    '',
  ),
  fc
    .tuple(
      fc.integer({ min: 0, max: 9999 }),
      fc.integer({ min: 0, max: 13 }),
      fc.integer({ min: 0, max: 32 }),
    )
    .map(([year, month, day]) => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString().split('T')[0]!),
);

/** A value that fits the schema's shape (it may still break a rule the schema cannot say, like a phone's). */
function plausible(schema: JsonSchema, name: string, depth: number): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => plausible(s, name, depth)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'object':
      return objectOf(schema, depth + 1);
    case 'array':
      return fc.array(schema.items ? valueFor(schema.items, name, depth + 1) : hostileValue, {
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'string':
      if (schema.format === 'date') return hostileDate;
      if (schema.format === 'uuid') return fc.uuid();
      if (/email/i.test(name)) return fc.emailAddress();
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: schema.maxLength ?? 40 });
    default:
      return hostileValue;
  }
}

/** Mostly plausible, sometimes hostile: a date field always gets dates from the edges and outside the range. */
export function valueFor(schema: JsonSchema, name: string, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 3) return hostileValue;
  const base = plausible(schema, name, depth);
  const anything = schema.format === 'date' ? fc.oneof(hostileDate, hostileText) : hostileValue;
  return fc.oneof({ arbitrary: base, weight: 3 }, { arbitrary: anything, weight: 1 });
}

/** Names an object never declares, in case one reaches a prototype or a spread. */
const FOREIGN_KEYS = ['__proto__', 'constructor', 'unknownField'];

/** Any subset of the object's fields (so optional ones are left out too), plus foreign keys now and then. */
function objectOf(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, field]) => [name, valueFor(field, name, depth)]),
  );
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.dictionary(fc.constantFrom(...FOREIGN_KEYS), hostileValue, { maxKeys: 1 }),
    )
    .map(([known, foreign]) => ({ ...foreign, ...known }));
}

/** A JSON body for the route: its own fields most of the time, any value at all otherwise. */
export function bodyFor(schema: JsonSchema | null): fc.Arbitrary<unknown> {
  if (!schema) return fc.oneof(fc.constant(undefined), hostileValue);
  return fc.oneof({ arbitrary: objectOf(schema, 0), weight: 4 }, { arbitrary: hostileValue, weight: 1 });
}

/** What a URL can carry of a value: text. */
const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** A lone surrogate cannot be percent-encoded; send the invalid UTF-8 a broken client would. */
const encodeSegment = (segment: string) => {
  try {
    return encodeURIComponent(segment);
  } catch {
    return '%ED%A0%80';
  }
};

/** The route's URL with each `:name` replaced by a value for that path parameter, percent-encoded. */
export function pathFor(url: string, path: Record<string, JsonSchema>): fc.Arbitrary<string> {
  const names = [...url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const segments = names.map((name) =>
    (path[name] ? valueFor(path[name], name) : hostileText).map((value) => encodeSegment(asText(value))),
  );
  return fc.tuple(...segments).map((values) => {
    let i = 0;
    return url.replace(/:\w+/g, () => values[i++]!);
  });
}

/** Query parameters as text, the only thing a URL carries: the route's own names, plus names it does not know. */
export function queryFor(query: Record<string, JsonSchema>): fc.Arbitrary<Record<string, string>> {
  const fields = Object.fromEntries(
    Object.entries(query).map(([name, schema]) => [name, valueFor(schema, name).map(asText)]),
  );
  return (
    fc
      .tuple(
        fc.record(fields, { requiredKeys: [] }),
        fc.dictionary(fc.constantFrom('unknown', 'page[]', 'dateFrom'), hostileText, { maxKeys: 1 }),
      )
      // A left-out optional field is absent, never undefined.
      .map(([known, foreign]) => ({ ...foreign, ...known }) as Record<string, string>)
  );
}
