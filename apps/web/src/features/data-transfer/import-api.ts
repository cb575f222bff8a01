import type { ImportKind, ImportLine, ImportMapping, ImportReport } from '@school-transport/shared';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../lib/api/api-client';
import { readStoredToken } from '../../lib/session/session-storage';

/** Where an import is: the file going up, then the server's own phases as its progress lines tell them. */
export interface ImportProgress {
  phase: 'uploading' | 'reading' | 'checking' | 'writing';
  done: number;
  total: number;
}

/** The complete NDJSON lines of a growing answer, from `from` on; and where the next incomplete one starts. */
function completeLines(text: string, from: number): { lines: ImportLine[]; next: number } {
  const end = text.lastIndexOf('\n') + 1;
  if (end <= from) return { lines: [], next: from };
  const lines = text
    .slice(from, end)
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ImportLine);
  return { lines, next: end };
}

/**
 * Sends a CSV file to `POST /api/imports/{kind}`: a dry run or the commit. XMLHttpRequest, not fetch, for the
 * upload's progress; the answer's progress lines are read as they arrive. Resolves with the report.
 */
export function runImport(
  kind: ImportKind,
  file: Blob,
  options: {
    mode: 'dry-run' | 'commit';
    mapping?: ImportMapping;
    onProgress: (progress: ImportProgress) => void;
  },
): Promise<ImportReport> {
  const query = new URLSearchParams({ mode: options.mode });
  if (options.mapping) query.set('mapping', JSON.stringify(options.mapping));
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/imports/${kind}?${query.toString()}`);
    const token = readStoredToken();
    if (token) request.setRequestHeader('Authorization', token);
    request.setRequestHeader('Content-Type', 'text/csv');
    let read = 0;
    let report: ImportReport | undefined;
    let failure: string | undefined;
    const take = () => {
      if (request.status !== 200) return;
      const { lines, next } = completeLines(request.responseText, read);
      read = next;
      for (const line of lines) {
        if (line.type === 'progress') options.onProgress(line);
        else if (line.type === 'report') report = line.report;
        else failure = line.message;
      }
    };
    request.upload.onprogress = (event) =>
      options.onProgress({ phase: 'uploading', done: event.loaded, total: event.total || file.size });
    request.onprogress = take;
    request.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE));
    request.onload = () => {
      if (request.status !== 200) {
        let message = `The import failed (HTTP ${request.status}).`;
        try {
          message = (JSON.parse(request.responseText) as { message?: string }).message ?? message;
        } catch {
          // Not the envelope: keep the status.
        }
        reject(new ApiError(request.status, message));
        return;
      }
      take();
      if (report) resolve(report);
      else reject(new ApiError(500, failure ?? 'The import failed; nothing was written.'));
    };
    request.send(file);
  });
}
