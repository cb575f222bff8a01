import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  answerSchema,
  routeManifestQuerySchema,
  routeManifestSchema,
  reportParamsSchema,
  reportRangeSchema,
  reportTableSchema,
  type ReportTable,
} from '@school-transport/shared';
import { csvStream, sendCsv } from '../../lib/csv.js';
import { success } from '../../lib/envelope.js';
import type { ReportsService } from './reports-service.js';

const tags = ['reports'];

/** The table's rows in its column order, as the CSV writer pulls them. */
async function* tableRows(table: ReportTable) {
  yield* table.rows;
}

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
          querystring: reportRangeSchema,
          response: { 200: answerSchema(reportTableSchema) },
        },
      },
      async (request) => success(await reports.table(request.params.report, request.query)),
    );

    // The same table as the screen's, so a download always equals what the office saw.
    routes.get(
      '/reports/:report/csv',
      { schema: { tags, params: reportParamsSchema, querystring: reportRangeSchema } },
      async (request, reply) => {
        const table = await reports.table(request.params.report, request.query);
        const columns = table.columns.map((column) => ({
          header: column.label,
          value: (row: ReportTable['rows'][number]) => row[column.key],
        }));
        return sendCsv(
          reply,
          `${table.report}_${table.from}_${table.to}.csv`,
          csvStream(columns, tableRows(table)),
        );
      },
    );
  };
}
