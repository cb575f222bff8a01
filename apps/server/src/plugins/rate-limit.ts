import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { refusal } from '../lib/errors.js';

/** Limits are opt-in per route (`config.rateLimit`); counters live in memory, per client address. */
export async function addRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => refusal(429, { code: 'refusal.tooManyAttempts' }),
  });
}
