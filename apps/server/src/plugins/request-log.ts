import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per answered request, written when it is answered (Fastify writes two: received, completed), with
 * the request, the status and the time taken. The web app's files only at debug: one visit fetches dozens of them,
 * which at info buried the start-up banner and its one-time password under a screenful of lines.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) return super.requestCompleted(error, request, reply);
    const level = request.url.startsWith('/api/') ? 'info' : 'debug';
    reply.log[level]({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
