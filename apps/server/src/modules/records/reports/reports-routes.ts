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
import type { Database } from '../../../db/client.js';
import { csvAnswer, errorAnswers } from '../../../lib/answers.js';
import { sendCsv } from '../../../lib/csv.js';
import { success } from '../../../lib/envelope.js';
import { auditExport } from '../../platform/audit/index.js';
import type { ReportsService } from './reports-service.js';

const tags = ['reports'];

/** Reports are the office's to read ('office-read': viewers too). `db` is where each CSV download is audited. */
export function reportRoutes(reports: ReportsService, db: Database) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/reports/manifest',
      {
        config: { access: 'office-read' },
        schema: {
          tags,
          querystring: routeManifestQuerySchema,
          response: { 200: answerSchema(routeManifestSchema), ...errorAnswers(404) },
        },
      },
      async (request) => success(await reports.manifest(request.query)),
    );

    routes.get(
      '/reports/:report',
      {
        config: { access: 'office-read' },
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
      {
        config: { access: 'office-read' },
        schema: {
          tags,
          params: reportParamsSchema,
          querystring: reportRangeSchema,
          response: { 200: csvAnswer('The report’s rows') },
        },
      },
      async (request, reply) => {
        const csv = reports.csv(request.params.report, request.query);
        // A reply closed before its stream was read (a client gone while the first rows were read) ends the read.
        reply.raw.on('close', csv.stop);
        const stream = auditExport(db, request, await csv.stream, {
          list: `reports/${request.params.report}`,
          query: request.query,
          counter: csv.counter,
        });
        return sendCsv(reply, csv.fileName, stream);
      },
    );
  };
}
