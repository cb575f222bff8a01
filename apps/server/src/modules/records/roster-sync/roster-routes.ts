import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ROSTER_BUNDLE_MAX_BYTES,
  answerSchema,
  idParamsSchema,
  messageAnswerSchema,
  rosterDiffSchema,
  rosterModeQuerySchema,
  rosterOverviewSchema,
  rosterSourceInputSchema,
} from '@school-transport/shared';
import { errorAnswers, fileBytes } from '../../../lib/answers.js';
import { changeContextOf } from '../../../lib/change-context.js';
import { success } from '../../../lib/envelope.js';
import { badRequest } from '../../../lib/errors.js';
import type { RosterSyncService } from './roster-service.js';

/** What browsers and tools call a zip file when they send one. */
const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/octet-stream'];
const tags = ['roster-sync'];

/**
 * /api/roster-sync/…: the overview (source and last runs), the endpoint's settings, a bundle's sync and a pull
 * from the endpoint, each a dry run (the differences, nothing written) or an apply (one transaction). The overview
 * is every office reader's ('office-read', decision 069; it shows the endpoint's addresses and client id, never its secret); the
 * rest is administrators' (the default access): a dry run reads, but it fetches with the stored credentials.
 */
export function rosterSyncRoutes(service: RosterSyncService) {
  return async (app: FastifyInstance) => {
    // Only this plugin's routes take a zip, and a larger body than the JSON calls.
    app.addContentTypeParser(
      ZIP_TYPES,
      { parseAs: 'buffer', bodyLimit: ROSTER_BUNDLE_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/roster-sync',
      {
        config: { access: 'office-read' },
        schema: { tags, response: { 200: answerSchema(rosterOverviewSchema) } },
      },
      async () => success(await service.overview()),
    );

    routes.put(
      '/roster-sync/source',
      { schema: { tags, body: rosterSourceInputSchema, response: { 200: messageAnswerSchema } } },
      async (request) => {
        await service.saveSource(request.body, changeContextOf(request));
        return success(undefined, 'Roster endpoint saved.');
      },
    );

    routes.post(
      '/roster-sync/bundle',
      {
        bodyLimit: ROSTER_BUNDLE_MAX_BYTES,
        schema: {
          tags,
          querystring: rosterModeQuerySchema,
          readByHandler: { body: { mediaTypes: ZIP_TYPES, schema: fileBytes } },
          response: {
            200: answerSchema(rosterDiffSchema),
            ...errorAnswers({
              409: 'Another sync is running, or the bundle differs from the dry run named by `expect`',
              413: `The bundle is larger than ${ROSTER_BUNDLE_MAX_BYTES / 1024 / 1024} MB`,
            }),
          },
        },
      },
      async (request) => {
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0)
          throw badRequest('Send the OneRoster bundle itself, as a zip file.');
        const { mode, expect } = request.query;
        return success(await service.bundle(body, mode, expect, changeContextOf(request)));
      },
    );

    // Reactivation by hand (decision 076): administrators', audited; the next sync deactivates the record again if
    // it is still gone upstream.
    for (const [kind, path] of [
      ['student', 'students'],
      ['parent', 'parents'],
      ['school', 'schools'],
    ] as const)
      routes.post(
        `/${path}/:id/reactivate`,
        {
          schema: {
            tags: [path],
            params: idParamsSchema,
            response: {
              200: messageAnswerSchema,
              ...errorAnswers({ 404: 'No such record', 409: 'The record is active already' }),
            },
          },
        },
        async (request) => {
          const name = await service.reactivate(kind, request.params.id, changeContextOf(request));
          return success(undefined, `${name ?? 'The record'} is active again.`);
        },
      );

    routes.post(
      '/roster-sync/pull',
      {
        schema: {
          tags,
          querystring: rosterModeQuerySchema,
          response: {
            200: answerSchema(rosterDiffSchema),
            ...errorAnswers({
              409: 'Another sync is running, or the roster differs from the dry run named by `expect`',
            }),
          },
        },
      },
      async (request) => {
        const { mode, expect } = request.query;
        return success(await service.pull(mode, expect, changeContextOf(request)));
      },
    );
  };
}
