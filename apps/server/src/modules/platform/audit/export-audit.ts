import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { Database } from '../../../db/client.js';
import { changeContextOf } from '../../../lib/change-context.js';
import type { RowCounter } from '../../../lib/csv.js';
import { recordAudit } from './audit-log.js';

/** The query keys a person types words into (every list's search box, the audit list's actor): never recorded. */
const TYPED_TEXT = new Set(['search', 'actor']);
/** Where a list's paging stands: a cursor holds the sort values of a row (a child's name), so it is left out too. */
const PAGING = new Set(['page', 'limit', 'cursor']);
/** What a filter's value may be to be kept: an id, a date, a number, a code, a sort key. Anything else is "given". */
const PLAIN_VALUE = /^[\w.:-]{1,64}$/;

/**
 * What an export's audit entry says of its filters: which ones were set and, for those that are ids, dates, codes
 * or sort keys, their values; a search or an actor's address is recorded as "used", never its text (a search is a
 * child's or a parent's name, decision 020).
 */
export function exportFilters(query: Record<string, unknown>): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (PAGING.has(key) || value === undefined || value === null || String(value) === '') continue;
    const text = String(value);
    filters[key] = TYPED_TEXT.has(key) ? 'used' : PLAIN_VALUE.test(text) ? text : 'given';
  }
  return filters;
}

export interface ExportAudit {
  /** The CSV as its address names it: `students`, `trip-history`, `reports/ridership-days`. */
  list: string;
  /** The request's query, as sent (exportFilters keeps what may be kept). */
  query: Record<string, unknown>;
  /** Counts the rows the stream writes. */
  counter: RowCounter;
}

/**
 * Audits a bulk export once its stream is over: who, from where, which list, its filters and how many rows left
 * (`complete` false when the client went away before the end). Written when it closes, because only then is the
 * row count known; the audit log is append-only, so there is no entry to complete later. A failure to write it is
 * logged, as the download has already gone.
 */
export function auditExport(
  db: Database,
  // What it reads of the request, not FastifyRequest: the e2e seed compiles this module without the server's
  // augmentation of FastifyRequest (plugins/authentication.ts), which adds `auth`.
  request: Parameters<typeof changeContextOf>[0] & Pick<FastifyRequest, 'log'>,
  stream: Readable,
  { list, query, counter }: ExportAudit,
): Readable {
  const { actor, ip } = changeContextOf(request);
  stream.once('close', () => {
    recordAudit(db, {
      actor,
      ip,
      action: 'export.downloaded',
      entityType: 'export',
      details: { list, filters: exportFilters(query), rows: counter.rows, complete: stream.readableEnded },
    }).catch((error: unknown) => request.log.error({ err: error }, 'an export could not be audited'));
  });
  return stream;
}
