import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  answerSchema,
  routeManifestQuerySchema,
  routeManifestSchema,
  reportParamsSchema,
  reportQuerySchema,
  reportRangeSchema,
  reportTableSchema,
} from '@school-transport/shared';
import { sendCsv } from '../../lib/csv.js';
import { success } from '../../lib/envelope.js';
import type { ReportsService } from './reports-service.js';

const tags = ['reports'];

/** Reports are the office's: admin only (the default access). */
export function reportRoutes(reports: ReportsService) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/reports/manifest',
      {
        schema: {
          tags,
          querystring: routeManifestQuerySchema,
          response: { 200: answerSchema(routeManifestSchema) },
        },
      },
      async (request) => success(await reports.manifest(request.query)),
    );

    routes.get(
      '/reports/:report',
      {
        schema: {
          tags,
          params: reportParamsSchema,
          querystring: reportQuerySchema,
          response: { 200: answerSchema(reportTableSchema) },
        },
      },
      async (request) => success(await reports.table(request.params.report, request.query)),
    );

    // The same rows as the screen's table (all of them, for a paged report), written as they are read.
    routes.get(
      '/reports/:report/csv',
      { schema: { tags, params: reportParamsSchema, querystring: reportRangeSchema } },
      async (request, reply) => {
        const csv = reports.csv(request.params.report, request.query);
        // A reply closed before its stream was read (a client gone while the first rows were read) ends the read.
        reply.raw.on('close', csv.stop);
        return sendCsv(reply, csv.fileName, await csv.stream);
      },
    );
  };
}
