import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerSchema,
  loginAnswerSchema,
  loginSchema,
  logoutAnswerSchema,
  MESSAGES,
  SECOND_FACTOR_MESSAGES,
  secondFactorStepAnswerSchema,
  sessionUserSchema,
} from '@school-transport/shared';
import { errorAnswers } from '../../../lib/answers.js';
import { success } from '../../../lib/envelope.js';
import { requireAuth } from '../../../plugins/authentication.js';
import type { AuthService, ClientInfo } from './auth-service.js';

/** Sign-in attempts one client address may make per minute. */
export const LOGIN_ATTEMPTS_PER_MINUTE = 10;

/** Who is signing in, as their session and account record it. */
export const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
  acceptLanguage: request.headers['accept-language'],
});

/**
 * `endSessionUrlOf`: after a single sign-on, the provider's logout address, which the logout answer passes on
 * (RP-initiated logout, decision 070).
 */
export function authRoutes(
  auth: AuthService,
  endSessionUrlOf: (sessionId: string) => Promise<string | undefined>,
) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.post(
      '/auth/login',
      {
        config: { access: 'public', rateLimit: { max: LOGIN_ATTEMPTS_PER_MINUTE, timeWindow: 60_000 } },
        schema: {
          tags: ['auth'],
          body: loginSchema,
          response: {
            200: z.union([loginAnswerSchema, secondFactorStepAnswerSchema]),
            ...errorAnswers({ 401: MESSAGES.invalidCredentials, 403: MESSAGES.accountDisabled }),
          },
        },
      },
      async (request) => {
        const result = await auth.login(request.body, clientOf(request));
        if ('secondFactor' in result) {
          const { next, totp, passkey } = result.secondFactor;
          const message =
            next === 'enrol'
              ? SECOND_FACTOR_MESSAGES.enrolNeeded
              : !passkey
                ? SECOND_FACTOR_MESSAGES.codeNeeded
                : totp
                  ? SECOND_FACTOR_MESSAGES.passkeyNeeded
                  : SECOND_FACTOR_MESSAGES.passkeyOnlyNeeded;
          return { ...success(undefined, message), secondFactor: result.secondFactor };
        }
        return { ...success(undefined, MESSAGES.loginSuccess), ...result };
      },
    );

    routes.post(
      '/auth/logout',
      { config: { access: 'signed-in' }, schema: { tags: ['auth'], response: { 200: logoutAnswerSchema } } },
      async (request) => {
        const session = requireAuth(request);
        const endSessionUrl = await endSessionUrlOf(session.sessionId);
        await auth.logout(session, clientOf(request));
        return { ...success(undefined, MESSAGES.logoutSuccess), ...(endSessionUrl && { endSessionUrl }) };
      },
    );

    routes.get(
      '/auth/me',
      {
        config: { access: 'signed-in' },
        schema: { tags: ['auth'], response: { 200: answerSchema(sessionUserSchema) } },
      },
      async (request) => success(requireAuth(request).user),
    );
  };
}
