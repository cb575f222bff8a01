import { EXPORT_LISTS, type ExportList } from '@school-transport/shared';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../lib/api/api-client';
import { readStoredToken } from '../../lib/session/session-storage';

export const isExportList = (resource: string): resource is ExportList =>
  (EXPORT_LISTS as readonly string[]).includes(resource);

/** The file name the server gave (Content-Disposition), or `fallback`. */
function fileNameOf(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/**
 * Downloads a CSV from the API with the session's token (which a plain link cannot send) and hands it to the
 * browser as a file. Throws ApiError with the server's message when it refuses.
 */
export async function downloadCsv(path: string, fallbackName: string): Promise<void> {
  const token = readStoredToken();
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { headers: token ? { Authorization: token } : {} });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    const answer = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(response.status, answer.message ?? `The export failed (HTTP ${response.status}).`);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the next task may free it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** `/exports/{list}.csv?{the list's search and filters}`: what the list shows, every page of it. */
export function exportPath(
  list: ExportList,
  search: string,
  filters: Record<string, string | undefined> = {},
): string {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  const query = params.toString();
  return `/exports/${list}.csv${query ? `?${query}` : ''}`;
}
