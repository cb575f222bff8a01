import { PassThrough, type Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMPORT_MAX_BYTES,
  importKindParamsSchema,
  importLineSchema,
  importQuerySchema,
  type ImportLine,
} from '@school-transport/shared';
import { errorAnswers, mediaAnswer } from '../../../lib/answers.js';
import { changeContextOf } from '../../../lib/change-context.js';
import { AppError, badRequest } from '../../../lib/errors.js';
import type { ImportService } from './import-service.js';

/**
 * `POST /api/imports/{kind}?mode=dry-run|commit&mapping={json}` with the CSV file as the body (text/csv). The
 * answer is NDJSON: progress lines while the file is read, checked and written, then one report line. A dry run,
 * and a commit of a file with any problem, write nothing. One import at a time: another is refused with 409 before
 * its file is read. Admins only (the default access).
 */
/** What browsers and spreadsheets call a CSV file when they send one. */
const CSV_TYPES = ['text/csv', 'text/plain', 'application/vnd.ms-excel'];

export function importRoutes(imports: ImportService) {
  return async (app: FastifyInstance) => {
    // Only this plugin's routes take a CSV body, and a larger one than the JSON calls. It is not gathered: the
    // service parses the request's stream as it arrives (and counts its bytes against IMPORT_MAX_BYTES).
    app.addContentTypeParser(CSV_TYPES, { bodyLimit: IMPORT_MAX_BYTES }, (_request, payload, done) =>
      done(null, payload),
    );
    app.withTypeProvider<ZodTypeProvider>().post(
      '/imports/:kind',
      {
        bodyLimit: IMPORT_MAX_BYTES,
        // Never compressed: a compressor holds small lines until it has a block to send, which would hold the
        // progress back to the end (NDJSON is not among the compressed types today; this keeps it that way).
        compress: false,
        schema: {
          tags: ['imports'],
          params: importKindParamsSchema,
          querystring: importQuerySchema,
          readByHandler: { body: { mediaTypes: CSV_TYPES, schema: z.string() } },
          response: {
            200: mediaAnswer(
              'One JSON object a line: progress lines while the file is read, checked and written, then the report (or an error line)',
              { 'application/x-ndjson': importLineSchema },
            ),
            ...errorAnswers({
              409: 'Another import is running; nothing of this file was read',
              413: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB, the most an import takes`,
            }),
          },
        },
      },
      async (request, reply) => {
        const body = request.body as Readable | undefined;
        if (!body || typeof (body as Partial<Readable>).pipe !== 'function')
          throw badRequest('Send the CSV file itself, as text/csv.');
        const context = changeContextOf(request);
        const { kind } = request.params;
        const { mode, mapping } = request.query;
        // Refused (409, in words) before anything of the file is read or answered.
        const turn = await imports.begin(context);
        const lines = new PassThrough();
        const send = (line: ImportLine) => lines.write(`${JSON.stringify(line)}\n`);
        const work = imports
          .run(kind, body, { mapping, commit: mode === 'commit', context }, send)
          .then((report) => send({ type: 'report', report }))
          .catch((error: unknown) => {
            if (error instanceof AppError) send({ type: 'error', message: error.message });
            else {
              request.log.error({ err: error }, 'import failed');
              send({ type: 'error', message: 'The import failed; nothing was written.' });
            }
          })
          .finally(() => {
            turn.end();
            lines.end();
          });
        reply.header('content-type', 'application/x-ndjson; charset=utf-8').send(lines);
        // The handler lasts as long as the work, so a shutdown waits for a commit in progress.
        await work;
        return reply;
      },
    );
  };
}
