import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { fetchFailedMessage, type ListSort } from '@school-transport/shared';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { RetryAlert } from '../page/RetryAlert';
import { useResourceList, type ListFilterValues } from '../../lib/api/resource-api';
import { useAnswerDrawnLater } from '../../lib/api/use-answer-drawn-later';
import { PageHeader } from '../page/PageHeader';
import type { Column } from './columns';
import { isExportList } from './csv-download';
import { DataTable } from './DataTable';
import { ExportButton } from './ExportButton';
import { useListUrlState } from './list-url-state';
import { nextSort, shownSort, sortKeysOf } from './list-sort';
import { ListToolbar } from './ListToolbar';
import { RecordCards } from './RecordCards';
import { recordsSummary, serialNumber } from './records-summary';
import { SortSelect } from './SortSelect';

interface ListPageProps<T> {
  title: string;
  /** The API resource (`/api/{resource}/get-all`). */
  resource: string;
  /** The word in 'Failed to fetch {things} data!'; the resource's name by default. */
  things?: string;
  columns: readonly Column<T>[];
  searchPlaceholder: string;
  /** E.g. the 'Add New …' button, shown beside the heading. */
  headerAction?: ReactNode;
  /** Filters beyond the search, sent with every page (the screen keeps them in the address: useListFilters). */
  filters?: ListFilterValues;
  /** The controls of those filters, shown in the toolbar between the search box and the rows-per-page select. */
  filterControls?: ReactNode;
  /**
   * The 'Sort by' name, on a phone, of the list's own order (no `sort` in the address) when no column shows it
   * (trips: by day). Where a column sorts by 'createdAt', that column descending is the list's own order.
   */
  defaultSortLabel?: string;
}

const NEWEST_FIRST: ListSort = { sort: 'createdAt', order: 'desc' };
const NO_SORT: ListSort = {};

/**
 * The list screen of every resource, one pattern for all: search, rows per page,
 * 'Showing X–Y of Z records', pager, 'No Data Found!', with page, size and search kept in the address.
 * Rows are keyed by their id: a uuid, or a number where the records are counted (the audit log).
 */
export function ListPage<T extends { id: string | number }>({
  title,
  resource,
  things = resource,
  columns,
  searchPlaceholder,
  headerAction,
  filters,
  filterControls,
  defaultSortLabel,
}: ListPageProps<T>) {
  const sortKeys = useMemo(() => sortKeysOf(columns), [columns]);
  const { query, goToPage, changeLimit, search, changeSort } = useListUrlState(sortKeys);
  // Moving one page on or back, the page is asked for by where it starts (the cursor the shown page came with):
  // the server then reads from that row instead of counting past every row before it (decision 040). A jump to
  // any other page asks by number. The cursor is kept for the page it leads to and used for that page only.
  const [step, setStep] = useState<{ to: string; cursor: string }>();
  const pageKey = (page: number) => JSON.stringify([{ ...query, page }, filters]);
  const list = useResourceList<T>(
    resource,
    query,
    filters,
    step?.to === pageKey(query.page) ? step.cursor : undefined,
  );
  const { isFetching, isError, refetch } = list;
  // The rows (up to 100 cards) are drawn in slices a moment after their answer, not in the task it arrives in.
  const answer = useAnswerDrawnLater(list.answer);
  const rows = answer?.data ?? [];
  const pagination = answer?.pagination;
  const cursors = answer?.cursors;
  const isPending = answer === undefined;
  const cursorTo = (page: number) => {
    // Only from the rows of the asked page, answered and current.
    if (pagination?.page !== query.page || isFetching) return undefined;
    if (page === query.page + 1) return cursors?.next;
    if (page === query.page - 1) return cursors?.previous;
    return undefined;
  };
  const changePage = (page: number) => {
    const cursor = cursorTo(page);
    setStep(cursor ? { to: pageKey(page), cursor } : undefined);
    goToPage(page);
  };
  const showingPreviousPage = isFetching && !isPending;
  // Below md (phones, a tablet upright) a row of six or more columns cannot fit: each record becomes a card.
  // noSsr: the first render already knows the width, so a phone never draws the table first.
  const asCards = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  const rowKey = (row: T) => String(row.id);
  const ownOrder = sortKeys.includes('createdAt') ? NEWEST_FIRST : NO_SORT;
  const shown = useMemo(() => shownSort(query, ownOrder), [query, ownOrder]);
  // Choosing the list's own order again leaves the address without a sort, as a fresh visit has it.
  const sortBy = useCallback(
    (sort: ListSort) => changeSort(sort.sort === ownOrder.sort && sort.order === ownOrder.order ? {} : sort),
    [changeSort, ownOrder],
  );

  // A page past the end (the last row of the last page deleted, an old link) moves to the last page there is.
  const lastPage = Math.max(pagination?.totalPages ?? 1, 1);
  const pastTheEnd = pagination !== undefined && !isFetching && rows.length === 0 && query.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) goToPage(lastPage, true);
  }, [pastTheEnd, lastPage, goToPage]);

  // The heading and the toolbar follow the address, not the rows: the same elements while the list's own state
  // changes (its request starting, each answer, the rows drawn later), so React does not draw them again (decision
  // 080). On a phone the toolbar (a search field, selects, the list's filters: some 200 emotion rules' worth of MUI)
  // was drawn again with each of the half-dozen updates of a load, several of them urgent (not in slices).
  const header = useMemo(() => <PageHeader title={title} action={headerAction} />, [title, headerAction]);
  const toolbar = useMemo(
    () => (
      <ListToolbar
        search={query.search}
        searchPlaceholder={searchPlaceholder}
        limit={query.limit}
        onSearch={search}
        onLimitChange={changeLimit}
      >
        {asCards && sortKeys.length > 0 && (
          <SortSelect columns={columns} shown={shown} defaultLabel={defaultSortLabel} onChange={sortBy} />
        )}
        {filterControls}
        {isExportList(resource) && (
          <ExportButton
            list={resource}
            search={query.search}
            // The file follows the order on screen.
            filters={{ ...filters, sort: query.sort, order: query.sort ? query.order : undefined }}
          />
        )}
      </ListToolbar>
    ),
    [
      query.search,
      query.limit,
      query.sort,
      query.order,
      searchPlaceholder,
      search,
      changeLimit,
      asCards,
      sortKeys.length,
      columns,
      shown,
      defaultSortLabel,
      sortBy,
      filterControls,
      resource,
      filters,
    ],
  );

  return (
    <>
      {header}
      <Paper>
        {toolbar}
        <Box sx={{ height: 4 }}>{showingPreviousPage && <LinearProgress aria-label="Loading" />}</Box>
        {isError ? (
          <Box sx={{ m: 2 }}>
            <RetryAlert message={fetchFailedMessage(things)} onRetry={refetch} />
          </Box>
        ) : isPending ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
            <CircularProgress aria-label="Loading" />
          </Box>
        ) : asCards ? (
          <RecordCards
            label={title}
            columns={columns}
            rows={rows}
            rowKey={rowKey}
            stale={showingPreviousPage}
          />
        ) : (
          <DataTable
            columns={columns}
            rows={rows}
            rowKey={rowKey}
            // Counted from the page the rows belong to, which lags behind the address while the next one loads.
            serialOf={(index) =>
              serialNumber(pagination?.page ?? query.page, pagination?.limit ?? query.limit, index)
            }
            stale={showingPreviousPage}
            sorting={{ shown, onSort: (key) => sortBy(nextSort(shown, key)) }}
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
                onChange={(_event, page) => changePage(page)}
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
