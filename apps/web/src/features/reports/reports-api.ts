import {
  MESSAGES,
  type ReportId,
  type ReportRange,
  type ReportTable,
  type RouteManifest,
  type RouteManifestQuery,
  type SuccessEnvelope,
} from '@school-transport/shared';
import { useQuery } from '@tanstack/react-query';
import { downloadCsv } from '../../components/list-page/csv-download';
import { ApiError, apiRequest } from '../../lib/api/api-client';

const rangeQuery = (range: ReportRange) => new URLSearchParams({ from: range.from, to: range.to });

async function dataOf<T>(answer: Promise<SuccessEnvelope<T>>): Promise<T> {
  const { data } = await answer;
  if (data === undefined) throw new ApiError(500, MESSAGES.serverError);
  return data;
}

/**
 * GET /api/reports/:report: one report's table over the range; a paged report's `page` (from 1). While another
 * page of the same range loads, the page before stays on screen (another range shows its loading state).
 */
export function useReportTable(report: ReportId, range: ReportRange, page = 1) {
  const query = rangeQuery(range);
  if (page > 1) query.set('page', String(page));
  return useQuery({
    queryKey: ['reports', report, range.from, range.to, page],
    queryFn: ({ signal }) =>
      dataOf(
        apiRequest<SuccessEnvelope<ReportTable>>('GET', `/reports/${report}?${query}`, undefined, {
          signal,
        }),
      ),
    placeholderData: (previous) =>
      previous?.from === range.from && previous.to === range.to ? previous : undefined,
  });
}

/** GET /api/reports/manifest: a route's run with its stops and children, for printing. */
export function useRouteManifest(query: RouteManifestQuery) {
  return useQuery({
    queryKey: ['reports', 'manifest', query.routeId, query.run],
    queryFn: ({ signal }) =>
      dataOf(
        apiRequest<SuccessEnvelope<RouteManifest>>(
          'GET',
          `/reports/manifest?${new URLSearchParams(query)}`,
          undefined,
          { signal },
        ),
      ),
  });
}

/** Downloads a report's CSV: the server writes it from the same rows as the table on screen. */
export const downloadReportCsv = (report: ReportId, range: ReportRange): Promise<void> =>
  downloadCsv(`/reports/${report}/csv?${rangeQuery(range)}`, `${report}.csv`);
