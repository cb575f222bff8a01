import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import type { AuditEntry } from '@school-transport/shared';
import type { Column } from '../../components/list-page/columns';
import { useListFilters } from '../../components/list-page/list-filters';
import { ListPage } from '../../components/list-page/ListPage';
import { formatMomentToSecond, orDash } from '../../lib/time/format';
import { RESOURCES } from '../../lib/api/resource-api';
import { detailsSummary, hasDetails, itemLabel, readableAction } from './audit-format';
import { AUDIT_FILTERS, AuditFilters } from './AuditFilters';
import { SCREEN_HEADINGS } from '../../lib/paths/screen-headings';

/** The whole of the details, laid out, for the tooltip over their one-line summary. */
function DetailsCell({ details }: { details: unknown }) {
  const summary = detailsSummary(details);
  if (!hasDetails(details)) return summary;
  return (
    <Tooltip
      title={
        <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', fontFamily: 'monospace' }}>
          {JSON.stringify(details, null, 2)}
        </Box>
      }
    >
      <Box component="span" tabIndex={0} sx={{ fontSize: '0.8125rem', overflowWrap: 'anywhere' }}>
        {summary}
      </Box>
    </Tooltip>
  );
}

const COLUMNS: Column<AuditEntry>[] = [
  {
    header: 'When',
    sort: 'createdAt',
    nowrap: true,
    card: 'field',
    cell: (entry) => formatMomentToSecond(entry.createdAt),
  },
  // An entry without a person was made by the product itself (the first admin, a failed sign-in).
  {
    header: 'Who',
    sort: 'actorEmail',
    width: 170,
    card: 'field',
    // Long addresses may break anywhere, or the table outgrows the screen.
    cell: (entry) => (
      <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
        {entry.actorEmail ?? 'System'}
      </Box>
    ),
  },
  { header: 'Action', sort: 'action', card: 'title', cell: (entry) => readableAction(entry.action) },
  {
    header: 'Item',
    nowrap: true,
    card: 'field',
    cell: (entry) => (
      <Box component="span" title={entry.entityId ?? undefined}>
        {itemLabel(entry.entityType, entry.entityId)}
      </Box>
    ),
  },
  { header: 'From', nowrap: true, cell: (entry) => orDash(entry.ip) },
  { header: 'Details', width: 170, cell: (entry) => <DetailsCell details={entry.details} /> },
];

/** Who changed what, when and from where; newest first, filtered by person and by day. */
export function AuditLogPage() {
  const { filters, setFilter } = useListFilters(AUDIT_FILTERS);
  return (
    <ListPage
      title={SCREEN_HEADINGS.audit.title}
      resource={RESOURCES.audit}
      things="audit log"
      columns={COLUMNS}
      searchPlaceholder="Email or action"
      filters={filters}
      filterControls={<AuditFilters filters={filters} onChange={setFilter} />}
    />
  );
}
