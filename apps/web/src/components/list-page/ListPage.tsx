import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { fetchFailedMessage } from '@school-transport/shared';
import { useEffect, type ReactNode } from 'react';
import { useResourceList } from '../../lib/resource-api';
import { PageHeader } from '../PageHeader';
import type { Column } from './columns';
import { DataTable } from './DataTable';
import { useListUrlState } from './list-url-state';
import { ListToolbar } from './ListToolbar';
import { recordsSummary, serialNumber } from './records-summary';

interface ListPageProps<T> {
  title: string;
  /** The API resource (`/api/{resource}/get-all`), also the word in 'Failed to fetch {resource} data!'. */
  resource: string;
  columns: readonly Column<T>[];
  searchPlaceholder: string;
  /** E.g. the 'Add New …' button, shown beside the heading. */
  headerAction?: ReactNode;
}

/**
 * The list screen of every resource (spec section 2, "Shared pattern of list screens"): search, rows per page,
 * 'Showing X–Y of Z records', pager, 'No Data Found!', with page, size and search kept in the address.
 */
export function ListPage<T extends { id: string }>({
  title,
  resource,
  columns,
  searchPlaceholder,
  headerAction,
}: ListPageProps<T>) {
  const { query, goToPage, changeLimit, search } = useListUrlState();
  const { rows, pagination, isFetching, isPending, isError } = useResourceList<T>(resource, query);
  const showingPreviousPage = isFetching && !isPending;

  // A page past the end (the last row of the last page deleted, an old link) moves to the last page there is.
  const lastPage = Math.max(pagination?.totalPages ?? 1, 1);
  const pastTheEnd = pagination !== undefined && !isFetching && rows.length === 0 && query.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) goToPage(lastPage, true);
  }, [pastTheEnd, lastPage, goToPage]);

  return (
    <>
      <PageHeader title={title} action={headerAction} />
      <Paper>
        <ListToolbar
          search={query.search}
          searchPlaceholder={searchPlaceholder}
          limit={query.limit}
          onSearch={search}
          onLimitChange={changeLimit}
        />
        <Box sx={{ height: 4 }}>{showingPreviousPage && <LinearProgress aria-label="Loading" />}</Box>
        {isError ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {fetchFailedMessage(resource)}
          </Alert>
        ) : isPending ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
            <CircularProgress aria-label="Loading" />
          </Box>
        ) : (
          <DataTable
            columns={columns}
            rows={rows}
            rowKey={(row) => row.id}
            // Counted from the page the rows belong to, which lags behind the address while the next one loads.
            serialOf={(index) =>
              serialNumber(pagination?.page ?? query.page, pagination?.limit ?? query.limit, index)
            }
            stale={showingPreviousPage}
          />
        )}
        {pagination && !isError && (
          <>
            <Divider />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', p: 2 }}>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {recordsSummary(pagination, rows.length)}
              </Typography>
              <Pagination
                count={lastPage}
                page={query.page}
                onChange={(_event, page) => goToPage(page)}
                color="primary"
                shape="rounded"
                sx={{ ml: 'auto' }}
              />
            </Box>
          </>
        )}
      </Paper>
    </>
  );
}
