import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EXPORT_LISTS,
  tripHistoryQuerySchema,
  type ExportList,
  type PageCursors,
} from '@school-transport/shared';
import type { Database } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { csvAnswer, errorAnswers, type ErrorStatus } from '../../../lib/answers.js';
import { csvStream, sendCsv, type RowCounter } from '../../../lib/csv.js';
import { zonedDate } from '../../../lib/zoned-time.js';
import { auditExport } from '../../platform/audit/index.js';
import { listColumns } from './export-columns.js';
import { listRows, tripHistoryColumns, tripHistoryRows, type PageReader } from './export-service.js';
import { studentExportColumns, studentExportRows } from './student-export.js';

/** The largest page every `get-all` answers (packages/shared/src/list.ts). */
const PAGE_SIZE = 100;

/**
 * `GET /api/exports/{list}.csv?{the list's query}`: every row of a list screen, with its search and filters, as
 * CSV; and `GET /api/exports/trip-history.csv?from&to`. The office's readers ('office-read'). Each download is audited
 * (which list, its filters, how many rows; modules/platform/audit/export-audit.ts).
 */
export function exportRoutes({ db, clock, timeZone }: { db: Database; clock: Clock; timeZone: string }) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['exports'];
    const fileName = (name: string) => `${name}-${zonedDate(clock(), timeZone)}.csv`;

    for (const list of EXPORT_LISTS) {
      const schema = {
        tags,
        description: `Takes the query of GET /api/${list}/get-all (its search and filters; no page, no limit).`,
        response: {
          200: csvAnswer(`Every row of the ${list} list that the query selects`),
          ...errorAnswers({ 400: `The query is not one GET /api/${list}/get-all takes` }),
        },
      };
      routes.get(
        `/exports/${list}.csv`,
        { config: { access: 'office-read' }, schema },
        async (request, reply) => {
          const readPage = pageReader(
            app,
            list,
            request.query as Record<string, unknown>,
            request.headers.authorization,
          );
          const first = await readPage(1);
          // The list's own refusal (its query, its access), passed on as it came.
          if ('failure' in first)
            return reply.code(first.failure.status as ErrorStatus).send(first.failure.body);
          const rows = listRows(readPage, first);
          const counter: RowCounter = { rows: 0 };
          // The students CSV is the families import's file, guardians included (decision 075).
          const stream =
            list === 'students'
              ? csvStream(studentExportColumns(), studentExportRows(db, rows), counter)
              : csvStream(listColumns(list), rows, counter);
          const query = request.query as Record<string, unknown>;
          return sendCsv(reply, fileName(list), auditExport(db, request, stream, { list, query, counter }));
        },
      );
    }

    routes.get(
      '/exports/trip-history.csv',
      {
        config: { access: 'office-read' },
        schema: {
          tags,
          querystring: tripHistoryQuerySchema,
          response: { 200: csvAnswer('The trips of the days from `from` to `to`, with their scans') },
        },
      },
      async (request, reply) => {
        const { from, to } = request.query;
        const rows = tripHistoryRows(db, request.query);
        const counter: RowCounter = { rows: 0 };
        const stream = csvStream(tripHistoryColumns(timeZone), rows, counter);
        return sendCsv(
          reply,
          `trip-history-${from}-to-${to}.csv`,
          auditExport(db, request, stream, { list: 'trip-history', query: request.query, counter }),
        );
      },
    );
  };
}

/**
 * Reads pages of a list through its own `get-all` as the same admin, so the export has the list's validation,
 * filters, order and answer fields without a copy of any of them.
 */
function pageReader(
  app: FastifyInstance,
  list: ExportList,
  query: Record<string, unknown>,
  authorization: string | undefined,
): PageReader {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    // The export starts at the list's first row whatever page the screen showed.
    if (key !== 'page' && key !== 'limit' && key !== 'cursor' && value !== undefined)
      search.append(key, String(value));
  }
  search.set('limit', String(PAGE_SIZE));
  return async (page, cursor) => {
    search.set('page', String(page));
    if (cursor) search.set('cursor', cursor);
    else search.delete('cursor');
    const answer = await app.inject({
      method: 'GET',
      url: `/api/${list}/get-all?${search.toString()}`,
      headers: authorization ? { authorization } : {},
    });
    const body = answer.json<{ data?: Record<string, unknown>[]; cursors?: PageCursors }>();
    if (answer.statusCode !== 200) return { failure: { status: answer.statusCode, body } };
    return {
      rows: body.data ?? [],
      pageSize: PAGE_SIZE,
      next: body.cursors?.next,
      keyed: body.cursors !== undefined,
    };
  };
}
