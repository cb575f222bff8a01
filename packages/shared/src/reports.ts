import { z } from 'zod';
import { dateField } from './fields.js';
import { listQuerySchema } from './list.js';
import { TRIP_TYPES } from './trips.js';

/**
 * The office's reports (issue 18). Every report is one table of rows over a date range of operator's days; the same
 * rows answer as JSON (the screen's table and chart) and as CSV, so a download always equals what the screen shows
 * (for a paged report, its pages in turn: see PAGED_REPORTS).
 */

export const REPORT_IDS = [
  'on-time-routes',
  'on-time-stops',
  'ridership-routes',
  'ridership-stops',
  'ridership-days',
  'exceptions',
  'vehicle-use',
  'covered-runs',
  'expiring-credentials',
  'open-defects',
] as const;
export type ReportId = (typeof REPORT_IDS)[number];

/** The longest range a report covers: a school year and a little more. */
export const REPORT_MAX_DAYS = 366;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

const rangeFields = z.object({ from: dateField('From'), to: dateField('To') });

/** From on or before To, at most REPORT_MAX_DAYS apart. */
const checkedRange = <Schema extends typeof rangeFields>(schema: Schema) =>
  schema
    .refine((range) => range.from <= range.to, { message: 'To must not be before From', path: ['to'] })
    .refine((range) => dayNumber(range.to) - dayNumber(range.from) < REPORT_MAX_DAYS, {
      message: `A report covers at most ${REPORT_MAX_DAYS} days`,
      path: ['to'],
    });

export const reportRangeSchema = checkedRange(rangeFields);
export type ReportRange = z.infer<typeof reportRangeSchema>;

export const reportParamsSchema = z.object({ report: z.enum(REPORT_IDS, 'There is no such report') });

/**
 * Reports with a row per stop (100,000 rows at a million children) answer a page at a time, ranked as their chart
 * ranks (the stops least on time, the busiest stops first); their CSV holds every row. Decision 039.
 */
export const PAGED_REPORTS = ['on-time-stops', 'ridership-stops'] as const satisfies readonly ReportId[];
export const REPORT_PAGE_SIZE = 50;
export const isPagedReport = (report: ReportId): boolean =>
  (PAGED_REPORTS as readonly ReportId[]).includes(report);

/** A report's JSON query: its range and, for a paged report, the page (from 1; other reports ignore it). */
export const reportQuerySchema = checkedRange(rangeFields.extend({ page: listQuerySchema.shape.page }));
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** How a column's values read: the screen formats them, the CSV writes them as they are. */
export const REPORT_COLUMN_KINDS = ['text', 'number', 'percent', 'date', 'datetime', 'boolean'] as const;
export type ReportColumnKind = (typeof REPORT_COLUMN_KINDS)[number];

export const reportColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(REPORT_COLUMN_KINDS),
});
export type ReportColumn = z.infer<typeof reportColumnSchema>;

export const reportCellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type ReportCell = z.infer<typeof reportCellSchema>;

export const reportTableSchema = z.object({
  report: z.enum(REPORT_IDS),
  title: z.string(),
  from: z.string(),
  to: z.string(),
  columns: z.array(reportColumnSchema),
  rows: z.array(z.record(z.string(), reportCellSchema)),
  /** A paged report's page: its rows are this page's, `total` counts them all, `rankedBy` says their order. */
  paging: z
    .object({
      page: z.number().int(),
      pageSize: z.number().int(),
      total: z.number().int(),
      rankedBy: z.string(),
    })
    .optional(),
});
export type ReportTable = z.infer<typeof reportTableSchema>;

/** A printable manifest: one route's run, its stops in order with their children. */
export const routeManifestQuerySchema = z.object({
  routeId: z.uuid('Choose a route'),
  run: z.enum(TRIP_TYPES, 'Choose the morning or the afternoon run'),
});
export type RouteManifestQuery = z.infer<typeof routeManifestQuerySchema>;

export const routeManifestChildSchema = z.object({
  name: z.string(),
  class: z.string(),
  parentName: z.string(),
  parentPhone: z.string(),
  alternativePhone: z.string().nullable(),
});
export type RouteManifestChild = z.infer<typeof routeManifestChildSchema>;

export const routeManifestSchema = z.object({
  route: z.object({ id: z.string(), name: z.string() }),
  run: z.enum(TRIP_TYPES),
  /** The run's start on the operator's wall clock (HH:MM); null when the run has no schedule. */
  startTime: z.string().nullable(),
  vehiclePlate: z.string().nullable(),
  driverName: z.string().nullable(),
  stops: z.array(
    z.object({
      position: z.number().int(),
      name: z.string(),
      address: z.string().nullable(),
      plannedTime: z.string().nullable(),
      children: z.array(routeManifestChildSchema),
    }),
  ),
  /** Children of the route picked up (or dropped) at home, not at one of its stops. */
  atHome: z.array(routeManifestChildSchema.extend({ address: z.string() })),
});
export type RouteManifest = z.infer<typeof routeManifestSchema>;
