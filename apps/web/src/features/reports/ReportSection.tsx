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
import { RetryAlert } from '../../components/RetryAlert';
import { downloadReportCsv, useReportTable } from './api';
import { ReportChart } from './ReportChart';
import { ReportTableView } from './ReportTableView';
import type { ChartView } from './report-views';

/** One report over the range: its chart, its table and its CSV, with loading, empty and error states. */
export function ReportSection({
  report,
  range,
  chart,
}: {
  report: ReportId;
  range: ReportRange;
  chart?: ChartView;
}) {
  const { data: table, error, refetch, isPending } = useReportTable(report, range);
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
    <Paper component="section" sx={{ p: 2 }} aria-busy={isPending} aria-labelledby={headingId}>
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
      ) : table.rows.length === 0 ? (
        <Alert severity="info">
          Nothing to report from {range.from} to {range.to}.
        </Alert>
      ) : (
        <Stack spacing={2}>
          {chart && (
            <ReportChart title={table.title} rows={table.rows} columns={table.columns} view={chart} />
          )}
          <ReportTableView table={table} />
        </Stack>
      )}
    </Paper>
  );
}
