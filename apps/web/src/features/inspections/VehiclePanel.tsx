import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { childCheckTagInputSchema, type VehicleInspections } from '@school-transport/shared';
import { PageLoader } from '../../components/shell/PageLoader';
import { RetryAlert } from '../../components/page/RetryAlert';
import { formatMoment, formatTripDay } from '../../lib/time/format';
import { DefectList } from './DefectList';
import { useSetTag, useVehicleInspections } from './inspections-api';
import { useMayUse } from '../../lib/session/session';

function TagForm({ vehicle }: { vehicle: VehicleInspections }) {
  const [tagId, setTagId] = useState(vehicle.tagId ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useSetTag();
  const { enqueueSnackbar } = useSnackbar();
  const submit = () => {
    const parsed = childCheckTagInputSchema.safeParse({ tagId });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Tag ID is not valid');
      return;
    }
    save.mutate(
      { vehicleId: vehicle.vehicleId, tagId: parsed.data.tagId! },
      {
        onSuccess: () => {
          setError(null);
          enqueueSnackbar('Tag saved.', { variant: 'success' });
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
      <TextField
        label="Child-check tag at the back of the bus"
        value={tagId}
        error={Boolean(error)}
        helperText={error ?? 'Its NFC serial, or what the card reader types'}
        onChange={(event) => setTagId(event.target.value)}
        sx={{ flex: 1 }}
      />
      <Button variant="outlined" loading={save.isPending} onClick={submit} sx={{ mt: { sm: 1 } }}>
        {vehicle.tagId ? 'Replace tag' : 'Set tag'}
      </Button>
    </Stack>
  );
}

/** One vehicle: its open defects, latest inspections, child-check tag and the last days' child checks. */
export function VehiclePanel({ vehicleId }: { vehicleId: string }) {
  const vehicle = useVehicleInspections(vehicleId);
  const manages = useMayUse('admin');
  if (vehicle.isPending) return <PageLoader />;
  if (vehicle.isError) return <RetryAlert error={vehicle.error} onRetry={() => void vehicle.refetch()} />;
  const data = vehicle.data;
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        {data.licensePlate} · {data.vehicleType}
      </Typography>
      {!data.needsInspection && (
        <Alert severity="info">Its type has no checklist: this vehicle needs no pre-trip inspection.</Alert>
      )}
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Open defects
      </Typography>
      <DefectList defects={data.openDefects} />
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Latest inspections
      </Typography>
      {data.inspections.length === 0 && <Alert severity="info">No inspection yet.</Alert>}
      {data.inspections.map((inspection) => {
        const defects = inspection.items.filter((item) => !item.ok);
        return (
          <Stack
            key={inspection.id}
            spacing={0.5}
            sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            <Typography>
              {formatMoment(inspection.completedAt)} · {inspection.driverName}
            </Typography>
            {defects.length === 0 ? (
              <Typography color="text.secondary">All {inspection.items.length} items OK</Typography>
            ) : (
              defects.map((item) => (
                <Typography key={item.itemId} color="error">
                  {item.label}: {item.note}
                </Typography>
              ))
            )}
          </Stack>
        );
      })}
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Child checks (last 7 days)
      </Typography>
      {manages ? (
        <TagForm key={data.tagId ?? 'none'} vehicle={data} />
      ) : (
        <Typography>{data.tagId ?? 'No child-check tag set.'}</Typography>
      )}
      {data.childChecks.length === 0 && (
        <Alert severity="info">No last trip finished in the last 7 days.</Alert>
      )}
      {data.childChecks.map((check) => (
        <Stack key={check.tripId} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography>
            {formatTripDay(check.tripDate)} · {check.routeName} · finished {formatMoment(check.completedAt)}
          </Typography>
          {check.checkedAt ? (
            <Chip
              size="small"
              color="success"
              label={check.method === 'TAG' ? 'Checked by tag' : `Checked by tap: ${check.reason ?? ''}`}
            />
          ) : (
            <Chip size="small" color="error" label="Missing" />
          )}
        </Stack>
      ))}
    </Stack>
  );
}
