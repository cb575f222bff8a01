/*
 * The lists that export as CSV, apart from data-transfer.ts and its import schemas (which bring the drivers',
 * families', stops' and vehicles' schemas along): every office list asks whether it has an Export button, and a
 * module with top-level zod calls would be evaluated with it (decision 080).
 */

/**
 * The lists that export as CSV, by the API segment of their `get-all` call: `GET /api/exports/{list}.csv` takes
 * the same query as `GET /api/{list}/get-all` (search and filters; no page, no limit) and answers every row.
 */
export const EXPORT_LISTS = [
  'drivers',
  'parents',
  'students',
  'vehicles',
  'routes',
  'stops',
  'schools',
  'route-assignments',
  'trips',
  'users',
  'audit-log',
] as const;
export type ExportList = (typeof EXPORT_LISTS)[number];
