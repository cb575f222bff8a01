import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerSchema,
  idParamsSchema,
  loginAnswerSchema,
  MESSAGES,
  messageAnswerSchema,
  publicSsoProviderSchema,
  ssoFinishSchema,
  ssoProviderInputSchema,
  ssoProviderSchema,
  ssoSettingsSchema,
  SSO_MESSAGES,
  ssoSlugField,
} from '@school-transport/shared';
import { errorAnswers } from '../../../lib/answers.js';
import { success } from '../../../lib/envelope.js';
import { requireAuth } from '../../../plugins/authentication.js';
import { clientOf, LOGIN_ATTEMPTS_PER_MINUTE } from '../auth/index.js';
import type { SsoService } from './sso-service.js';

/** The provider's short name as it is stored: anything else (a NUL, a slash) is refused before a query sees it. */
const providerParams = z.object({ provider: ssoSlugField });

/** A redirect: its Location is the answer. */
const redirectAnswer = (description: string) => ({ 302: z.null().describe(description) });

/**
 * Single sign-on (decision 070). The sign-in's own steps are public: the browser arrives there without a session.
 * Configuring providers and the passwords-off switch are an administrator's (the default access).
 */
export function ssoRoutes(sso: SsoService) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const signInLimit = { max: LOGIN_ATTEMPTS_PER_MINUTE, timeWindow: 60_000 };

    routes.get(
      '/auth/oidc/providers',
      {
        config: { access: 'public' },
        schema: { tags: ['auth'], response: { 200: answerSchema(z.array(publicSsoProviderSchema)) } },
      },
      async () => success(await sso.publicProviders()),
    );

    routes.get(
      '/auth/oidc/:provider/start',
      {
        config: { access: 'public', rateLimit: signInLimit },
        schema: {
          tags: ['auth'],
          params: providerParams,
          response: {
            ...redirectAnswer('To the provider’s sign-in, or back to Log In with a refusal'),
            ...errorAnswers(404),
          },
        },
      },
      async (request, reply) => reply.redirect(await sso.start(request.params.provider, clientOf(request))),
    );

    routes.get(
      '/auth/oidc/:provider/callback',
      {
        config: { access: 'public', rateLimit: signInLimit },
        schema: {
          tags: ['auth'],
          params: providerParams,
          response: {
            ...redirectAnswer('To Log In, with a one-time code for the session or a refusal'),
            ...errorAnswers(404),
          },
        },
      },
      async (request, reply) => {
        const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
        return reply.redirect(await sso.callback(request.params.provider, query, clientOf(request)));
      },
    );

    routes.post(
      '/auth/oidc/finish',
      {
        config: { access: 'public', rateLimit: signInLimit },
        schema: {
          tags: ['auth'],
          body: ssoFinishSchema,
          response: { 200: loginAnswerSchema, ...errorAnswers({ 401: SSO_MESSAGES.handOverInvalid }) },
        },
      },
      async (request) => ({
        ...success(undefined, MESSAGES.loginSuccess),
        ...(await sso.finish(request.body.code, clientOf(request))),
      }),
    );

    const tags = ['sso'];
    routes.get(
      '/sso/providers',
      { schema: { tags, response: { 200: answerSchema(z.array(ssoProviderSchema)) } } },
      async () => success(await sso.listProviders()),
    );

    routes.post(
      '/sso/providers',
      {
        schema: {
          tags,
          body: ssoProviderInputSchema,
          response: {
            201: answerSchema(ssoProviderSchema),
            ...errorAnswers({ 409: SSO_MESSAGES.slugTaken }),
          },
        },
      },
      async (request, reply) => {
        const created = await sso.createProvider(request.body, requireAuth(request).user, request.ip);
        return reply.code(201).send(success(created, SSO_MESSAGES.providerCreated));
      },
    );

    routes.put(
      '/sso/providers/:id',
      {
        schema: {
          tags,
          params: idParamsSchema,
          body: ssoProviderInputSchema,
          response: {
            200: answerSchema(ssoProviderSchema),
            ...errorAnswers(404, { 409: SSO_MESSAGES.slugTaken }),
          },
        },
      },
      async (request) =>
        success(
          await sso.updateProvider(request.params.id, request.body, requireAuth(request).user, request.ip),
          SSO_MESSAGES.providerUpdated,
        ),
    );

    routes.delete(
      '/sso/providers/:id',
      {
        schema: {
          tags,
          params: idParamsSchema,
          response: {
            200: messageAnswerSchema,
            ...errorAnswers(404, { 409: SSO_MESSAGES.lastProviderWhilePasswordsOff }),
          },
        },
      },
      async (request) => {
        await sso.deleteProvider(request.params.id, requireAuth(request).user, request.ip);
        return success(undefined, SSO_MESSAGES.providerDeleted);
      },
    );

    routes.get(
      '/sso/settings',
      { schema: { tags, response: { 200: answerSchema(ssoSettingsSchema) } } },
      async () => success(await sso.settings()),
    );

    routes.put(
      '/sso/settings',
      {
        schema: {
          tags,
          body: ssoSettingsSchema,
          response: {
            200: answerSchema(ssoSettingsSchema),
            ...errorAnswers({ 409: SSO_MESSAGES.noProviderForPasswordsOff }),
          },
        },
      },
      async (request) =>
        success(
          await sso.saveSettings(request.body, requireAuth(request).user, request.ip),
          SSO_MESSAGES.settingsSaved,
        ),
    );
  };
}
