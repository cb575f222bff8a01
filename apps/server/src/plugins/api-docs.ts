import { isDeepStrictEqual } from 'node:util';
import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswerSchema } from '@school-transport/shared';
import type { ErrorStatus } from '../lib/answers.js';
import { STREAM_COOKIE, type Access } from './authentication.js';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * What the handler reads itself, past Fastify's validation (a CSV file, a multipart upload, an OsmAnd form or
     * header): described in the OpenAPI document, validated by nothing but the handler.
     */
    readByHandler?: {
      body?: { mediaTypes: string[]; schema: z.ZodType; optional?: boolean };
      headers?: z.ZodObject;
    };
  }
}

const ERROR_ANSWER = 'ErrorAnswer';
const errorAnswerRef = { $ref: `#/components/schemas/${ERROR_ANSWER}` };
/** Set on an operation whose body may be left out; turned into `requestBody.required: false` at the end. */
const OPTIONAL_BODY = 'x-optional-body';

/** What each error status usually means; a route says more where it declares one (`errorAnswers`). */
const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'The input is not valid: a message, and in `errors` one message per field at fault',
  401: 'No session, or the session has ended: sign in again',
  403: 'Signed in, but this is not for this account',
  404: 'What the address names does not exist',
  409: 'Refused by the data as it stands: a duplicate, a record in use, a state that does not allow it',
  410: 'Gone: what this asks for is over',
  413: 'The body is too large',
  415: 'This content type is not accepted here',
  429: 'Too many requests from this address: wait a minute and try again',
  503: 'The server is busy: try again after the seconds in Retry-After',
};

const FORBIDDEN_BY_ACCESS: Partial<Record<Access, string>> = {
  admin: 'Signed in, but not as an administrator',
  driver: 'Signed in, but not as a driver: this is the driver app’s',
  parent: 'Signed in, but not as a parent: this is the parent portal’s',
  dispatch: 'Signed in, but not as an administrator or a dispatcher',
  'office-read': 'Signed in, but not as an administrator, a dispatcher or a viewer',
  staff: 'Signed in, but not with a back-office account',
  school: 'Signed in, but not as school staff: this is school staff’s own view',
};

const errorAnswer = (status: number, access: Access, meaning?: string) => ({
  description:
    meaning ||
    (status === 403 && FORBIDDEN_BY_ACCESS[access]) ||
    ERROR_DESCRIPTIONS[status as ErrorStatus] ||
    'Refused',
  content: { 'application/json': { schema: errorAnswerRef } },
});

/** Where @fastify/swagger reads a JSON answer's description from (it leaves the key out of the schema). */
const RESPONSE_DESCRIPTION = 'x-response-description';
const SUCCESS_DESCRIPTION = 'Done: the success envelope (`success: true`) with what the call answers';
const hasDescription = (answer: unknown) =>
  typeof answer === 'object' &&
  answer !== null &&
  ('description' in answer || RESPONSE_DESCRIPTION in answer);

const errorAnswerJson = z.toJSONSchema(errorAnswerSchema, { target: 'openapi-3.0', io: 'output' });

/** A declared answer that is the error envelope (`errorAnswers` in lib/answers.ts), with what it means here. */
function errorEnvelopeMeaning(answer: unknown): { meaning?: string } | null {
  if (!answer || typeof answer !== 'object') return null;
  const { description, ...schema } = answer as { description?: string };
  return isDeepStrictEqual(schema, errorAnswerJson) ? { meaning: description } : null;
}

interface JsonSchemaObject {
  properties?: Record<string, { enum?: unknown[]; format?: string }>;
}

/**
 * The error answers every route has by what it is, so no route file repeats them: 400 where it takes input (the
 * validator's field errors), 401 where it needs a session, 403 where it needs a role, 404 where its path names
 * a record (a parameter that is neither one of a fixed list nor a date), 429 where it is rate limited.
 */
function impliedErrors(route: RouteOptions, documented: FastifySchema & Record<string, unknown>): number[] {
  const access = route.config?.access ?? 'admin';
  const takesInput = ['body', 'querystring', 'params', 'headers'].some((key) => documented[key]);
  const params = (documented.params as JsonSchemaObject | undefined)?.properties;
  const namesSomething = params
    ? Object.values(params).some((param) => !param.enum && param.format !== 'date')
    : route.url.includes('/:');
  return [
    ...(takesInput ? [400] : []),
    ...(access !== 'public' ? [401] : []),
    // Every access but these three lets in only some roles (ACCESS_ROLES in packages/shared/src/roles.ts).
    ...(access !== 'public' && access !== 'signed-in' && access !== 'live' ? [403] : []),
    ...(namesSomething ? [404] : []),
    ...(route.config?.rateLimit ? [429] : []),
  ];
}

/**
 * The zod provider's transform, then the route's error answers: those it declares (`errorAnswers` in
 * lib/answers.ts) and those it implies, all pointing at the one error envelope schema.
 */
const describeRoute: SwaggerTransform = (input) => {
  const { readByHandler, ...schema } = input.schema ?? {};
  const { body, headers } = readByHandler ?? {};
  const withHandRead = {
    ...schema,
    ...(body && !schema.body ? { body: body.schema, consumes: body.mediaTypes } : {}),
    ...(headers && !schema.headers ? { headers } : {}),
  };
  const transformed = jsonSchemaTransform({ ...input, schema: withHandRead });
  const documented = transformed.schema as FastifySchema & Record<string, unknown>;
  if (!documented || documented.hide) return transformed;
  const access = input.route.config?.access ?? 'admin';
  const responses: Record<string, unknown> = { ...(documented.response as object) };
  for (const [status, declared] of Object.entries(responses)) {
    const envelope = errorEnvelopeMeaning(declared);
    if (envelope) responses[status] = errorAnswer(Number(status), access, envelope.meaning);
    else if (status.startsWith('2') && !hasDescription(declared))
      responses[status] = { ...(declared as object), [RESPONSE_DESCRIPTION]: SUCCESS_DESCRIPTION };
  }
  for (const status of impliedErrors(input.route, documented)) {
    responses[status] ??= errorAnswer(status, access);
  }
  return {
    ...transformed,
    schema: {
      ...documented,
      response: responses,
      ...securityOf(input.route),
      ...(body?.optional ? { [OPTIONAL_BODY]: true } : {}),
    },
  };
};

/** A public route needs no token; the live stream also takes its cookie (EventSource sends no header). */
function securityOf(route: RouteOptions): { security?: Array<Record<string, string[]>> } {
  if ((route.config?.access ?? 'admin') === 'public') return { security: [] };
  if (route.config?.streamCookie) return { security: [{ token: [] }, { streamCookie: [] }] };
  return {};
}

type Operation = { requestBody?: { required?: boolean }; [OPTIONAL_BODY]?: true };

/** Bodies a handler reads itself may be optional, which @fastify/swagger cannot say (it marks every body required). */
const markOptionalBodies: SwaggerTransformObject = (document) => {
  if (!('openapiObject' in document)) return document.swaggerObject;
  const { openapiObject } = document;
  const paths = (openapiObject.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const operation of Object.values(paths).flatMap((item) => Object.values(item))) {
    if (!operation[OPTIONAL_BODY]) continue;
    delete operation[OPTIONAL_BODY];
    if (operation.requestBody) operation.requestBody.required = false;
  }
  return openapiObject;
};

/** OpenAPI description generated from the same zod schemas the routes validate with, browsable at /api/docs. */
export async function addApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'School transport back-office API', version: '1.0.0' },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'Authorization' },
          streamCookie: { type: 'apiKey', in: 'cookie', name: STREAM_COOKIE },
        },
        schemas: {
          // zod's JSON Schema type is wider than OpenAPI's: this one is a plain object schema.
          [ERROR_ANSWER]: errorAnswerJson as { type: 'object' },
        },
      },
      security: [{ token: [] }],
    },
    transform: describeRoute,
    transformObject: markOptionalBodies,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
