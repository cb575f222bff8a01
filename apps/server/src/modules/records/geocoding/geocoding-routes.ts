import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  GEOCODING_PATHS as PATHS,
  addressFixSchema,
  addressReviewListSchema,
  addressSearchQuerySchema,
  addressSearchSchema,
  answerSchema,
  geocoderStatusSchema,
  idParamsSchema,
  messageAnswerSchema,
} from '@school-transport/shared';
import { changeContextOf } from '../../../lib/change-context.js';
import { success } from '../../../lib/envelope.js';
import type { GeocodingService } from './geocoding-service.js';

/**
 * /api/geocoding (decision 072): the address field's search, whether a geocoder is configured, and the review
 * queue of addresses it could not place well, fixed by the office on the map. The reads are every office reader's
 * ('office-read', decision 069); a fix is an administrator's, as every write of the records.
 */
export function geocodingRoutes(geocoding: GeocodingService) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['geocoding'];
    const config = { access: 'office-read' as const };
    const write = { access: 'admin' as const };

    routes.get(
      PATHS.status,
      { config, schema: { tags, response: { 200: answerSchema(geocoderStatusSchema) } } },
      async () => success({ configured: geocoding.configured }),
    );

    routes.get(
      PATHS.search,
      {
        config,
        schema: {
          tags,
          querystring: addressSearchQuerySchema,
          response: { 200: answerSchema(addressSearchSchema) },
        },
      },
      async (request) => {
        const { q, ...parts } = request.query;
        const answer = await geocoding.search({ pickupDropAddress: q, ...parts });
        return success(
          answer,
          answer.configured ? undefined : 'Address search is not configured (GEOCODER_URL): click the map.',
        );
      },
    );

    routes.get(
      PATHS.reviews,
      { config, schema: { tags, response: { 200: answerSchema(addressReviewListSchema) } } },
      async () => success(await geocoding.reviews()),
    );

    routes.post(
      PATHS.fix,
      {
        config: write,
        schema: {
          tags,
          params: idParamsSchema,
          body: addressFixSchema,
          response: { 200: messageAnswerSchema },
        },
      },
      async (request) => {
        await geocoding.fix(request.params.id, request.body, changeContextOf(request));
        return success(undefined, 'Home point saved.');
      },
    );
  };
}
