import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerSchema,
  createdTrackerDeviceSchema,
  idParamsSchema,
  messageAnswerSchema,
  osmandQuerySchema,
  trackerDeviceInputSchema,
  trackerDeviceSchema,
  trackerListQuerySchema,
} from '@school-transport/shared';
import { errorAnswers } from '../../../lib/answers.js';
import { changeContextOf } from '../../../lib/change-context.js';
import { success } from '../../../lib/envelope.js';
import { parseFormBody } from './osmand.js';
import { createTrackerService, type TrackerServiceDeps } from './tracker-service.js';

/**
 * Per client address. A tracker sends about one fix every 5 s and, after a dead zone, its backlog in a burst;
 * the key is 256 random bits, so the limit is against floods, not guessing.
 */
const OSMAND_REQUESTS_PER_MINUTE = 600;
/** The header a tracker may send its key in, rather than in the URL. */
const TRACKER_KEY_HEADER = 'x-tracker-key';

/** Trackers are added and removed by an administrator; `/osmand` is where they report, with their own key. */
export function trackerRoutes(deps: TrackerServiceDeps) {
  const trackers = createTrackerService(deps);
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['trackers'];

    routes.get(
      '/trackers/get-all',
      {
        config: { access: 'office-read' },
        schema: {
          tags,
          querystring: trackerListQuerySchema,
          response: { 200: answerSchema(z.array(trackerDeviceSchema)) },
        },
      },
      async (request) => success(await trackers.list(request.query)),
    );

    routes.post(
      '/trackers/create',
      {
        schema: {
          tags,
          body: trackerDeviceInputSchema,
          response: {
            200: answerSchema(createdTrackerDeviceSchema),
            ...errorAnswers({ 409: 'A tracker with this device id exists already' }),
          },
        },
      },
      async (request) =>
        success(
          await trackers.create(request.body, changeContextOf(request)),
          'Tracker added. Copy its key now: it is not shown again.',
        ),
    );

    routes.delete(
      '/trackers/delete/:id',
      { schema: { tags, params: idParamsSchema, response: { 200: messageAnswerSchema } } },
      async (request) => {
        await trackers.remove(request.params.id, changeContextOf(request));
        return success(undefined, 'Tracker removed.');
      },
    );

    // Form bodies only here: the rest of the API takes JSON alone.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, parseFormBody(body as string)),
    );
    const osmand = {
      config: {
        access: 'public' as const,
        rateLimit: { max: OSMAND_REQUESTS_PER_MINUTE, timeWindow: 60_000 },
      },
      schema: {
        tags,
        description:
          'The fields may come in the query or, for a POST, in a form body (the query wins where both name one); ' +
          `the key is best sent in the ${TRACKER_KEY_HEADER} header, which wins over both.`,
        querystring: osmandQuerySchema,
        readByHandler: { headers: z.object({ [TRACKER_KEY_HEADER]: z.string().optional() }) },
        response: {
          200: messageAnswerSchema,
          ...errorAnswers({ 401: 'No tracker has this id, or the key is not its key' }),
        },
      },
      // A POST may carry its parameters in a form body; the query string wins where both name one. The key is
      // best sent in the X-Tracker-Key header, which proxies do not log as they log URLs (and which wins); the
      // query's `key` stays for devices (OsmAnd) that can send nothing else, and our log drops query values.
      preValidation: async (request: { body: unknown; query: unknown; headers: Record<string, unknown> }) => {
        const form = String(request.headers['content-type'] ?? '').startsWith(
          'application/x-www-form-urlencoded',
        );
        if (form && request.body && typeof request.body === 'object')
          request.query = { ...request.body, ...(request.query as object) };
        const key = request.headers[TRACKER_KEY_HEADER];
        if (typeof key === 'string') request.query = { ...(request.query as object), key };
      },
    };
    const receive = async (request: { query: z.output<typeof osmandQuerySchema> }) => {
      const { stored } = await trackers.receive(request.query);
      return success(undefined, stored ? 'Position received.' : 'Position received, not kept.');
    };
    routes.get('/osmand', osmand, receive);
    routes.post(
      '/osmand',
      {
        ...osmand,
        schema: {
          ...osmand.schema,
          readByHandler: {
            ...osmand.schema.readByHandler,
            // The same fields as the query, any of them, as OsmAnd's POST sends them.
            body: {
              mediaTypes: ['application/x-www-form-urlencoded'],
              schema: osmandQuerySchema.partial(),
              optional: true,
            },
          },
        },
      },
      receive,
    );
  };
}
