import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  depotInputSchema,
  fetchFailedMessage,
  fieldTripRateInputSchema,
  type FieldTripRate,
} from '@school-transport/shared';
import { useState } from 'react';
import { AddButton } from '../../components/list-page/AddButton';
import type { Column } from '../../components/list-page/columns';
import { DataTable } from '../../components/list-page/DataTable';
import { ConfirmDialog } from '../../components/page/ConfirmDialog';
import { PageHeader } from '../../components/page/PageHeader';
import { RetryAlert } from '../../components/page/RetryAlert';
import { SchemaFormDialog } from '../../components/form/SchemaFormDialog';
import { PageLoader } from '../../components/shell/PageLoader';
import { useMayUse } from '../../lib/session/session';
import { useDeleteRate, useDepot, useRates, useSaveDepot, useSaveRate } from './field-trips-api';

/**
 * Rates (decision 073): per vehicle type, an hourly and a kilometre rate and the least a bus costs; and the depot
 * the buses leave from, whose legs count in the trips' times and distances.
 */
export function RatesPage() {
  const rates = useRates();
  const depot = useDepot();
  const save = useSaveRate();
  const remove = useDeleteRate();
  const saveDepot = useSaveDepot();
  const [editing, setEditing] = useState<FieldTripRate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<FieldTripRate | null>(null);
  const [editingDepot, setEditingDepot] = useState(false);
  // The office's readers see the rates and the depot; changing them is administrators' (decision 069).
  const manages = useMayUse('admin');

  const columns: Column<FieldTripRate>[] = [
    { header: 'Vehicle type', cell: (rate) => rate.vehicleType },
    { header: 'Per hour', align: 'right', cell: (rate) => rate.perHour.toFixed(2) },
    { header: 'Per km', align: 'right', cell: (rate) => rate.perKm.toFixed(2) },
    { header: 'Minimum', align: 'right', cell: (rate) => rate.minimum.toFixed(2) },
    ...(manages
      ? [
          {
            header: 'Actions',
            align: 'right',
            cell: (rate: FieldTripRate) => (
              <>
                <Button onClick={() => setEditing(rate)} aria-label={`Edit the ${rate.vehicleType} rate`}>
                  Edit
                </Button>
                <Button
                  color="error"
                  onClick={() => setDeleting(rate)}
                  aria-label={`Delete the ${rate.vehicleType} rate`}
                >
                  Delete
                </Button>
              </>
            ),
          } satisfies Column<FieldTripRate>,
        ]
      : []),
  ];

  const table = () => {
    if (rates.isPending) return <PageLoader />;
    if (rates.isError)
      return <RetryAlert message={fetchFailedMessage('rates')} onRetry={() => void rates.refetch()} />;
    if (rates.data.length === 0)
      return (
        <Typography align="center" sx={{ py: 4, color: 'text.secondary' }}>
          No rates yet: add one per vehicle type before approving field trips.
        </Typography>
      );
    return (
      <DataTable
        columns={columns}
        rows={rates.data}
        rowKey={(rate) => rate.vehicleType}
        serialOf={(i) => i + 1}
        stale={rates.isFetching}
      />
    );
  };

  return (
    <>
      <PageHeader title="Rates" action={<AddButton label="Add rate" onClick={() => setEditing('new')} />} />
      <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>{table()}</Paper>
      <Paper sx={{ p: { xs: 1.5, sm: 2 }, mt: 2 }}>
        <Typography component="h2" variant="h6">
          Depot
        </Typography>
        {depot.isError && (
          <RetryAlert message={fetchFailedMessage('the depot')} onRetry={() => void depot.refetch()} />
        )}
        <Typography sx={{ my: 1 }}>
          {depot.data
            ? `${depot.data.name} (${depot.data.lat}, ${depot.data.lng})`
            : 'No depot yet: the drive to and from it counts zero.'}
        </Typography>
        {manages && (
          <Button onClick={() => setEditingDepot(true)}>{depot.data ? 'Change depot' : 'Set depot'}</Button>
        )}
      </Paper>
      {editing && (
        <SchemaFormDialog
          title={editing === 'new' ? 'Add rate' : `Edit the ${editing.vehicleType} rate`}
          submitLabel="Save rate"
          schema={fieldTripRateInputSchema}
          values={
            editing === 'new'
              ? { vehicleType: '', perHour: '', perKm: '', minimum: '' }
              : {
                  ...editing,
                  perHour: String(editing.perHour),
                  perKm: String(editing.perKm),
                  minimum: String(editing.minimum),
                }
          }
          fields={[
            {
              name: 'vehicleType',
              label: 'Vehicle type',
              placeholder: 'Bus, Van, … as on the vehicles',
              span: 12,
              disabled: editing !== 'new',
            },
            {
              name: 'perHour',
              label: 'Per hour',
              type: 'number',
              span: 4,
              slotProps: { htmlInput: { step: '0.01', min: 0 } },
            },
            {
              name: 'perKm',
              label: 'Per km',
              type: 'number',
              span: 4,
              slotProps: { htmlInput: { step: '0.01', min: 0 } },
            },
            {
              name: 'minimum',
              label: 'Minimum',
              type: 'number',
              span: 4,
              slotProps: { htmlInput: { step: '0.01', min: 0 } },
            },
          ]}
          onSave={(rate) => save.mutateAsync(rate)}
          onClose={() => setEditing(null)}
        />
      )}
      {editingDepot && (
        <SchemaFormDialog
          title="Depot"
          submitLabel="Save depot"
          schema={depotInputSchema}
          values={{
            name: depot.data?.name ?? '',
            lat: depot.data ? String(depot.data.lat) : '',
            lng: depot.data ? String(depot.data.lng) : '',
          }}
          fields={[
            { name: 'name', label: 'Name', span: 12 },
            { name: 'lat', label: 'Latitude', type: 'number', slotProps: { htmlInput: { step: 'any' } } },
            { name: 'lng', label: 'Longitude', type: 'number', slotProps: { htmlInput: { step: 'any' } } },
          ]}
          onSave={(input) => saveDepot.mutateAsync(input)}
          onClose={() => setEditingDepot(false)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          open
          title="Delete rate?"
          text={`Field trips with ${deleting.vehicleType} vehicles can no longer be estimated or costed until a rate is added again.`}
          confirmLabel="Delete rate"
          onConfirm={() => remove.mutateAsync(deleting.vehicleType)}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
