import type { RouteObject } from 'react-router';
import { complianceSummaryQuery } from '../components/credentials/compliance-summary-query';
import { parseListQuery } from '../components/list-page/list-url-state';
import { dashboardSummaryQuery } from '../features/dashboard/dashboard-query';
import { resourceItemQuery, resourceListQuery } from '../lib/api/resource-queries';
import { startScreenQueries, type ScreenQuery } from '../lib/api/screen-queries';

/** The address a screen is opened at, and the queries its first render will run there. */
type ScreenData = (address: {
  params: Record<string, string | undefined>;
  search: URLSearchParams;
}) => ScreenQuery[];

/**
 * What a back-office route adds so that its screen's data downloads with its code: a loader, which the router runs
 * on navigation and at the first load at the same time as it fetches the screen's lazy module, and which starts
 * the screen's queries without waiting for them (screen-queries.ts). Only on entering the screen: a new page of a
 * list already shown is asked for by the list itself (by where it starts, decision 040).
 */
export function screenDataRoute(data: ScreenData): Pick<RouteObject, 'loader' | 'shouldRevalidate'> {
  return {
    loader: ({ request, params }) => {
      startScreenQueries(data({ params, search: new URL(request.url).searchParams }));
      return null;
    },
    shouldRevalidate: () => false,
  };
}

/** What a list's address may say for the started page to be the one the list asks for (ListPage). */
const PAGING = new Set(['page', 'limit', 'search']);

/**
 * A list screen (ListPage of `resource`) opened at a page, its size and a search: that page. With a sort or a
 * filter in the address, which only the screen's columns and filters can read, the list asks itself.
 */
export const listPage =
  (resource: string): ScreenData =>
  ({ search }) =>
    [...search.keys()].every((name) => PAGING.has(name))
      ? [resourceListQuery(resource, parseListQuery(search))]
      : [];

/** A record's screen (`/…/:id`): the record. */
export const record =
  (resource: string): ScreenData =>
  ({ params }) =>
    params.id ? [resourceItemQuery(resource, params.id)] : [];

/** The dashboard: its figures and its compliance panel. */
export const dashboard: ScreenData = () => [dashboardSummaryQuery, complianceSummaryQuery];
