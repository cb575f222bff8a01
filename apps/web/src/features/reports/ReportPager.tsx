import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import type { ReportTable } from '@school-transport/shared';

/** Which rows of a paged report are on screen, e.g. '51–100 of 100,008 stops, least on time first'. */
export function pagingSummary(paging: NonNullable<ReportTable['paging']>, shown: number): string {
  const first = (paging.page - 1) * paging.pageSize + 1;
  const rows = paging.total === 1 ? 'row' : 'rows';
  const range =
    shown === 0 ? 'none' : `${first.toLocaleString('en-GB')}–${(first + shown - 1).toLocaleString('en-GB')}`;
  return `${range} of ${paging.total.toLocaleString('en-GB')} ${rows}, ${paging.rankedBy}`;
}

/** The pages of a report whose answer is paged (a row per stop): where the table is and the way to the others. */
export function ReportPager({
  table,
  onPage,
  busy,
}: {
  table: ReportTable;
  onPage: (page: number) => void;
  busy: boolean;
}) {
  const paging = table.paging!;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }} role="status">
        {pagingSummary(paging, table.rows.length)}
      </Typography>
      <Pagination
        count={Math.max(1, Math.ceil(paging.total / paging.pageSize))}
        page={paging.page}
        onChange={(_event, page) => onPage(page)}
        disabled={busy}
        color="primary"
        shape="rounded"
        sx={{ ml: 'auto' }}
        aria-label={`Pages of ${table.title}`}
      />
    </Box>
  );
}
