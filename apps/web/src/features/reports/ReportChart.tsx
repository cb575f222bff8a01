import { BarChart } from '@mui/x-charts/BarChart';
import type { ReportCell, ReportColumn } from '@school-transport/shared';
import { chartRows, type ChartView } from './report-views';

const BAR_HEIGHT = 28;
/** Room for the axis, the legend and the margins, besides the bars. */
const CHART_FRAME = 90;

/** A report's figures as bars: one group per row (route, stop, vehicle or day), one bar per figure. */
export function ReportChart({
  title,
  rows,
  columns,
  view,
}: {
  title: string;
  rows: Record<string, ReportCell>[];
  columns: ReportColumn[];
  view: ChartView;
}) {
  const shown = chartRows(rows, view);
  const label = (key: string) => columns.find((column) => column.key === key)?.label ?? key;
  const series = view.series.map((key) => ({ dataKey: key, label: label(key) }));
  const categoryAxis = [{ scaleType: 'band' as const, dataKey: view.category }];
  return (
    <figure aria-label={`Chart: ${title}`} style={{ margin: 0 }}>
      {view.layout === 'horizontal' ? (
        <BarChart
          layout="horizontal"
          dataset={shown}
          yAxis={categoryAxis.map((axis) => ({ ...axis, width: 110 }))}
          series={series}
          height={shown.length * BAR_HEIGHT * Math.max(1, series.length * 0.6) + CHART_FRAME}
        />
      ) : (
        <BarChart dataset={shown} xAxis={categoryAxis} series={series} height={280} />
      )}
    </figure>
  );
}
