import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerSchema,
  availableLanguageSchema,
  LANGUAGE_PATHS,
  languageChoiceSchema,
} from '@school-transport/shared';
import { errorAnswers } from '../../../lib/answers.js';
import { changeContextOf } from '../../../lib/change-context.js';
import { success } from '../../../lib/envelope.js';
import { requireAuth } from '../../../plugins/authentication.js';
import type { LanguageService } from './language-service.js';

/**
 * The languages the server speaks (public: the sign-in screen offers them), and one's own choice (anyone signed in:
 * drivers and parents in their apps, administrators too).
 */
export function languageRoutes(languages: LanguageService) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['languages'];

    routes.get(
      LANGUAGE_PATHS.languages,
      {
        config: { access: 'public' },
        schema: { tags, response: { 200: answerSchema(z.array(availableLanguageSchema)) } },
      },
      async () => success([...languages.available()]),
    );

    routes.put(
      LANGUAGE_PATHS.accountLanguage,
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          body: languageChoiceSchema,
          response: {
            200: answerSchema(languageChoiceSchema),
            ...errorAnswers({ 400: 'No catalogue for this language; the message names those there are' }),
          },
        },
      },
      async (request) =>
        success(
          await languages.choose(requireAuth(request).user.id, request.body, changeContextOf(request)),
          'Language saved',
        ),
    );
  };
}
