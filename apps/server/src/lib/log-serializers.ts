/**
 * What the log may say about a request and an error. Logs are kept and shipped further than the database is
 * guarded, so they carry no value a person typed or the database held: query strings lose their values (reset
 * tokens, photo signatures, search terms that are children's names), and database errors lose their bound
 * parameters and the values PostgreSQL quotes back (password hashes, e-mail addresses, addresses).
 */

/** `/reset-password?token=abc&x=1` → `/reset-password?token=[redacted]&x=[redacted]`: which parameters, not what. */
export function withoutQueryValues(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const names = url
    .slice(start + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=[redacted]`);
  return `${url.slice(0, start)}?${names.join('&')}`;
}

/**
 * Fastify hands its request (typed as the raw one) to this serializer: what its own default keeps, with the URL
 * stripped of query values.
 */
export function requestSerializer(request: {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}) {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : withoutQueryValues(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Fields of driver errors that hold values: the bound `params` drizzle and PGlite attach (PGlite also its
 * `queryOptions`); pg's and PGlite's `detail` ("Key (email)=(…) already exists"), `where` (the PL/pgSQL
 * context, with row values) and `internalQuery`; the `parameters` some drivers keep.
 */
const VALUE_FIELDS = new Set(['params', 'parameters', 'queryOptions', 'detail', 'where', 'internalQuery']);
const SQLSTATE = /^[0-9A-Z]{5}$/;
const MAX_CAUSES = 5;

function safeMessage(error: Error & Record<string, unknown>): string {
  // PostgreSQL quotes the offending value at the end: 'invalid input syntax for type uuid: "…"'.
  if (typeof error.code === 'string' && SQLSTATE.test(error.code))
    return error.message.replace(/: ".*"$/s, ': "[redacted]"');
  // Drizzle's message is "Failed query: <sql>\nparams: <values>"; the SQL itself has only placeholders.
  if (typeof error.query === 'string' && 'params' in error) return `Failed query: ${error.query}`;
  return error.message;
}

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** Like pino's error serializer (type, message, stack, own fields, cause), without the values above. */
export function errorSerializer(error: Error): SerializedError {
  return serializeError(error, 0) as SerializedError;
}

function serializeError(error: unknown, depth: number): unknown {
  if (!(error instanceof Error)) return error;
  const fields = error as Error & Record<string, unknown>;
  const message = safeMessage(fields);
  // The stack's first lines repeat the message, values included.
  const frames = error.stack?.indexOf('\n    at ') ?? -1;
  const serialized: Record<string, unknown> = {
    type: error.constructor.name,
    message,
    stack: `${error.name}: ${message}${frames >= 0 ? error.stack!.slice(frames) : ''}`,
  };
  for (const [key, value] of Object.entries(fields)) {
    if (!VALUE_FIELDS.has(key) && key !== 'cause' && !(key in serialized)) serialized[key] = value;
  }
  if (error.cause !== undefined && depth < MAX_CAUSES)
    serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}
