import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerSchema, publicSettingsSchema, type PublicSettings } from '@school-transport/shared';
import type { AppConfig } from '../../../config.js';
import { success } from '../../../lib/envelope.js';

/** What the web app needs to know about this installation; public, since the sign-in screen may need it too. */
export function settingsRoutes(config: AppConfig) {
  const settings: PublicSettings = {
    mapTileUrl: config.map.tileUrl,
    mapAttribution: config.map.attribution,
    timeZone: config.timeZone,
    locale: config.locale,
  };
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/settings',
      {
        config: { access: 'public' },
        schema: { tags: ['settings'], response: { 200: answerSchema(publicSettingsSchema) } },
      },
      async () => success(settings),
    );
  };
}
