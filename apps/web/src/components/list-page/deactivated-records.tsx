import RestoreIcon from '@mui/icons-material/Restore';
import Chip from '@mui/material/Chip';
import { MESSAGES, type SuccessEnvelope } from '@school-transport/shared';
import { useState } from 'react';
import { z } from 'zod';
import { apiRequest } from '../../lib/api/api-client';
import { RESOURCES, useResourceMutation } from '../../lib/api/resource-api';
import { formatDate } from '../../lib/time/format';
import { ConfirmDialog } from '../page/ConfirmDialog';
import { FilterChip } from './FilterChip';
import type { RowAction } from './RowActionsMenu';

/**
 * What the Students, Parents and Schools lists show of records roster sync deactivated (decision 076): listed only
 * with `?withDeactivated=true` (the "Show deactivated" chip), marked with the day, and brought back by an
 * administrator after a confirmation (`POST /api/{resource}/{id}/reactivate`, audited on the server).
 */

/** The address's filter of those lists: `?withDeactivated=true` lists the deactivated records too. */
export const DEACTIVATED_FILTER = { withDeactivated: z.literal('true') };

/** The lists that have deactivated records. */
type DeactivatableResource = typeof RESOURCES.students | typeof RESOURCES.parents | typeof RESOURCES.schools;

/** A deactivated record's mark, with the day: it is kept with its history, not planned, seated nor told. */
function DeactivatedChip({ at }: { at: string }) {
  return <Chip size="small" color="warning" variant="outlined" label={`Deactivated ${formatDate(at)}`} />;
}

/** A row's name, followed by the Deactivated chip when the record is deactivated. */
export function NameOfRecord({ name, deactivatedAt }: { name: string; deactivatedAt: string | null }) {
  return deactivatedAt ? (
    <>
      {name} <DeactivatedChip at={deactivatedAt} />
    </>
  ) : (
    name
  );
}

/** The toolbar's "Show deactivated" chip, pressed while the list shows them. */
export function ShowDeactivatedChip({
  filters,
  setFilter,
}: {
  filters: { withDeactivated?: string };
  setFilter: (name: 'withDeactivated', value: string | undefined) => void;
}) {
  const on = filters.withDeactivated === 'true';
  return (
    <FilterChip
      label="Show deactivated"
      on={on}
      onToggle={() => setFilter('withDeactivated', on ? undefined : 'true')}
    />
  );
}

interface Reactivatable {
  id: string;
  deactivatedAt: string | null;
}

/**
 * A deactivated row's "Reactivate" action and its confirmation: `text` says what coming back means for this kind
 * of record, and that the next sync deactivates it again if it is still gone upstream.
 */
export function useReactivation<T extends Reactivatable>({
  resource,
  nameOf,
  text,
}: {
  resource: DeactivatableResource;
  nameOf: (row: T) => string;
  text: string;
}) {
  const [asking, setAsking] = useState<T | null>(null);
  const reactivate = useResourceMutation({
    resource,
    // A child's guardians and a guardian's children show the change too.
    alsoRefresh: [RESOURCES.students, RESOURCES.parents],
    request: (id: string) => apiRequest<SuccessEnvelope<undefined>>('POST', `/${resource}/${id}/reactivate`),
    fallbackMessage: MESSAGES.somethingWentWrong,
  });
  const actionsFor = (row: T): RowAction[] =>
    row.deactivatedAt
      ? [{ label: 'Reactivate', icon: <RestoreIcon />, access: 'admin', onClick: () => setAsking(row) }]
      : [];
  const dialog = asking && (
    <ConfirmDialog
      open
      title={`Reactivate ${nameOf(asking)}?`}
      text={text}
      confirmLabel="Reactivate"
      confirmColor="primary"
      onClose={() => setAsking(null)}
      onConfirm={async () => {
        await reactivate.mutateAsync(asking.id);
      }}
    />
  );
  return { actionsFor, dialog };
}
