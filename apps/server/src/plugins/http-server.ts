import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { DestinationStream } from 'pino';
import type { AppConfig } from '../config.js';
import { failure } from '../lib/envelope.js';
import { errorSerializer, requestSerializer } from '../lib/log-serializers.js';
import { RequestLog } from './request-log.js';

const FRAMEWORK_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long.',
  FST_ERR_BAD_URL: 'The address is not valid.',
};

/** Headers and body fields that must never reach a log line. */
const REDACTED = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.currentPassword',
  '*.newPassword',
];

/**
 * The Fastify instance with the server's logger, limits and timeouts; `logStream` is where log lines go (tests pass
 * a stream to read them back; stdout by default).
 */
export function createHttpServer(config: AppConfig, logStream?: DestinationStream): FastifyInstance {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACTED, censor: '[redacted]' },
      // No query values and no database values in any line (lib/log-serializers.ts).
      serializers: { req: requestSerializer, err: errorSerializer },
      ...(logStream ? { stream: logStream } : {}),
    },
    genReqId: () => randomUUID(),
    logController: new RequestLog(),
    bodyLimit: 1_048_576,
    // Slow clients (decision 022). Fastify's defaults switch off Node's request timeout and the socket's idle one.
    requestTimeout: config.http.requestTimeoutMs,
    connectionTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: {
      requestTimeout: config.http.requestTimeoutMs,
      headersTimeout: config.http.headersTimeoutMs,
      // Node checks both timeouts on this beat; its default, 30 s, would stretch a 10 s headers timeout to 40.
      connectionsCheckingInterval: 1_000,
    },
    // Believe X-Forwarded-For only for as many hops as there are proxies we run in front of the server.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxy,
    // The router's own refusals (a path parameter too long, a malformed URL) leave in the envelope too.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      void (reply as FastifyReply)
        .code(status)
        .send(failure(FRAMEWORK_ERROR_MESSAGES[error.code] ?? 'The request is not valid.'));
    },
  });
  // Beyond this, Node closes new connections at once instead of letting them queue for memory and descriptors.
  app.server.maxConnections = config.http.maxConnections;
  app.addHook('onSend', async function requestIdHeader(request, reply) {
    reply.header('x-request-id', request.id);
  });
  return app;
}
