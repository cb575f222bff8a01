import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IMPORT_MAX_BYTES,
  importKindParamsSchema,
  importQuerySchema,
  type ImportLine,
} from '@school-transport/shared';
import { changeContextOf } from '../../lib/change-context.js';
import { AppError, badRequest } from '../../lib/errors.js';
import type { ImportService } from './import-service.js';

/**
 * `POST /api/imports/{kind}?mode=dry-run|commit&mapping={json}` with the CSV file as the body (text/csv). The
 * answer is NDJSON: progress lines while the file is read, checked and written, then one report line. A dry run,
 * and a commit of a file with any problem, write nothing. Admins only (the default access).
 */
export function importRoutes(imports: ImportService) {
  return async (app: FastifyInstance) => {
    // Only this plugin's routes take a CSV body, and a larger one than the JSON calls.
    app.addContentTypeParser(
      ['text/csv', 'text/plain', 'application/vnd.ms-excel'],
      { parseAs: 'string', bodyLimit: IMPORT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    app.withTypeProvider<ZodTypeProvider>().post(
      '/imports/:kind',
      {
        bodyLimit: IMPORT_MAX_BYTES,
        // Never compressed: a compressor holds small lines until it has a block to send, which would hold the
        // progress back to the end (NDJSON is not among the compressed types today; this keeps it that way).
        compress: false,
        schema: { tags: ['imports'], params: importKindParamsSchema, querystring: importQuerySchema },
      },
      async (request, reply) => {
        if (typeof request.body !== 'string') throw badRequest('Send the CSV file itself, as text/csv.');
        const csv = request.body;
        const context = changeContextOf(request);
        const { kind } = request.params;
        const { mode, mapping } = request.query;
        const lines = new PassThrough();
        const send = (line: ImportLine) => lines.write(`${JSON.stringify(line)}\n`);
        const work = imports
          .run(kind, csv, { mapping, commit: mode === 'commit', context }, send)
          .then((report) => send({ type: 'report', report }))
          .catch((error: unknown) => {
            if (error instanceof AppError) send({ type: 'error', message: error.message });
            else {
              request.log.error({ err: error }, 'import failed');
              send({ type: 'error', message: 'The import failed; nothing was written.' });
            }
          })
          .finally(() => lines.end());
        reply.header('content-type', 'application/x-ndjson; charset=utf-8').send(lines);
        // The handler lasts as long as the work, so a shutdown waits for a commit in progress.
        await work;
        return reply;
      },
    );
  };
}
