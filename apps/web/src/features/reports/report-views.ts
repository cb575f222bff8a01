import type { ReportCell, ReportColumn, ReportId } from '@school-transport/shared';

/** How a report is charted: the category column, the figures drawn, and which rows (the most telling first). */
export interface ChartView {
  category: string;
  series: string[];
  /** Rows sorted by the first series, most first ('desc') or least first ('asc'); none: kept in order. */
  sort?: 'asc' | 'desc';
  /** Days run left to right; names read best as horizontal bars. */
  layout: 'horizontal' | 'vertical';
}

/** At most this many bars: a chart of a thousand routes says nothing; the table and CSV hold them all. */
export const CHART_ROWS = 15;

export interface ReportGroup {
  id: string;
  label: string;
  reports: { id: ReportId; chart?: ChartView }[];
}

/** The reports screen's tabs, each with its reports in order. */
export const REPORT_GROUPS: ReportGroup[] = [
  {
    id: 'on-time',
    label: 'On time',
    reports: [
      {
        id: 'on-time-routes',
        chart: { category: 'route', series: ['onTimePct'], sort: 'asc', layout: 'horizontal' },
      },
      {
        id: 'on-time-stops',
        chart: { category: 'stop', series: ['onTimePct'], sort: 'asc', layout: 'horizontal' },
      },
    ],
  },
  {
    id: 'ridership',
    label: 'Ridership',
    reports: [
      {
        id: 'ridership-days',
        chart: { category: 'day', series: ['boardings', 'noShows'], layout: 'vertical' },
      },
      {
        id: 'ridership-routes',
        chart: { category: 'route', series: ['boardings'], sort: 'desc', layout: 'horizontal' },
      },
      {
        id: 'ridership-stops',
        chart: { category: 'stop', series: ['pickups', 'dropOffs'], sort: 'desc', layout: 'horizontal' },
      },
    ],
  },
  {
    id: 'exceptions',
    label: 'No-shows',
    reports: [
      {
        id: 'exceptions',
        chart: {
          category: 'route',
          series: ['noShows', 'wrongBus', 'unknownTags'],
          sort: 'desc',
          layout: 'horizontal',
        },
      },
    ],
  },
  {
    id: 'vehicles',
    label: 'Vehicles',
    reports: [
      {
        id: 'vehicle-use',
        chart: { category: 'vehicle', series: ['km'], sort: 'desc', layout: 'horizontal' },
      },
      { id: 'covered-runs' },
    ],
  },
  {
    id: 'compliance',
    label: 'Compliance',
    reports: [{ id: 'expiring-credentials' }, { id: 'open-defects' }],
  },
];

/** A cell as the table shows it: numbers grouped, percentages with their sign, yes/no, a dash for nothing. */
export function formatCell(value: ReportCell, column: ReportColumn): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    const text = value.toLocaleString('en-GB', { maximumFractionDigits: 1 });
    return column.kind === 'percent' ? `${text} %` : text;
  }
  return value;
}

/**
 * The rows a chart draws: kept in order (days, all of them), or sorted by its first figure as the view says and
 * cut to the first CHART_ROWS (the worst on-time routes, the busiest stops).
 */
export function chartRows(rows: Record<string, ReportCell>[], view: ChartView): Record<string, ReportCell>[] {
  if (!view.sort) return rows;
  const first = view.series[0]!;
  const value = (row: Record<string, ReportCell>) => Number(row[first] ?? 0);
  const direction = view.sort === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => direction * (value(a) - value(b))).slice(0, CHART_ROWS);
}

/** 'morning run' → 'Morning run', for a heading or an option. */
export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
