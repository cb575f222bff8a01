import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReportId, ReportRange } from '@school-transport/shared';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { RetryAlert } from '../../components/page/RetryAlert';
import { downloadReportCsv, useReportTable } from './reports-api';
import { ReportChart } from './ReportChart';
import { ReportPager } from './ReportPager';
import { ReportTableView } from './ReportTableView';
import type { ChartView } from './report-views';

/**
 * One report over the range: its chart, its table and its CSV, with loading, empty and error states. A paged report
 * (a row per stop) shows a page of its ranked rows with the way to the others; its chart draws the first page (the
 * worst or busiest), whichever page the table is on, and its CSV holds every row.
 */
export function ReportSection({
  report,
  range,
  chart,
}: {
  report: ReportId;
  range: ReportRange;
  chart?: ChartView;
}) {
  // The page belongs to the range it was chosen in: another range starts again at page 1.
  const [chosen, setChosen] = useState({ ...range, page: 1 });
  const page = chosen.from === range.from && chosen.to === range.to ? chosen.page : 1;
  const { data: table, error, refetch, isPending, isPlaceholderData } = useReportTable(report, range, page);
  // The chart's rows: page 1 (the same query as the table's first page, so read once).
  const { data: firstPage } = useReportTable(report, range, 1);
  const { enqueueSnackbar } = useSnackbar();
  const [downloading, setDownloading] = useState(false);
  const headingId = useId();

  const download = async () => {
    setDownloading(true);
    try {
      await downloadReportCsv(report, range);
    } catch (problem) {
      enqueueSnackbar((problem as Error).message, { variant: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Paper
      component="section"
      sx={{ p: 2 }}
      aria-busy={isPending || isPlaceholderData}
      aria-labelledby={headingId}
    >
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}
      >
        <Typography variant="h6" component="h2" id={headingId}>
          {table?.title ?? <Skeleton width={260} />}
        </Typography>
        <Button
          startIcon={<DownloadIcon />}
          onClick={download}
          disabled={!table || downloading}
          aria-label={table ? `Download ${table.title} as CSV` : 'Download as CSV'}
          sx={{ flexShrink: 0 }}
        >
          CSV
        </Button>
      </Stack>
      {error ? (
        <RetryAlert error={error} onRetry={() => void refetch()} />
      ) : !table ? (
        <Skeleton variant="rounded" height={200} />
      ) : table.rows.length === 0 && !table.paging?.total ? (
        <Alert severity="info">
          Nothing to report from {range.from} to {range.to}.
        </Alert>
      ) : (
        <Stack spacing={2}>
          {chart && firstPage && firstPage.rows.length > 0 && (
            <ReportChart
              title={firstPage.title}
              rows={firstPage.rows}
              columns={firstPage.columns}
              view={chart}
            />
          )}
          <ReportTableView table={table} />
          {table.paging && (
            <ReportPager
              table={table}
              busy={isPlaceholderData}
              onPage={(next) => setChosen({ ...range, page: next })}
            />
          )}
        </Stack>
      )}
    </Paper>
  );
}
