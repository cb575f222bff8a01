import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { overrideInputSchema, type OverrideInput, type Trip } from '@school-transport/shared';
import { useState } from 'react';
import { FormTextField } from '../../components/form/FormTextField';
import { SchemaFormDialog } from '../../components/form/SchemaFormDialog';
import { RetryAlert } from '../../components/page/RetryAlert';
import { useOverrideTrip, useTripOverrides } from '../../components/credentials/credentials-api';
import { formatTripMoment } from '../../lib/time/format';
import { useMayUse } from '../../lib/session/session';

function OverrideDialog({ tripId, onClose }: { tripId: string; onClose: () => void }) {
  const override = useOverrideTrip(tripId);
  const values: OverrideInput = { reason: '' };
  return (
    <SchemaFormDialog
      title="Override expired credentials"
      submitLabel="Record override"
      schema={overrideInputSchema}
      values={values}
      fields={(control) => (
        <>
          <Typography>
            The driver may then start this trip although a blocking credential has expired. A defect that puts
            the vehicle out of service, or a missing inspection, still stops it.
          </Typography>
          <FormTextField control={control} name="reason" label="Reason" required multiline minRows={2} />
        </>
      )}
      onSave={({ reason }) => override.mutateAsync(reason)}
      onClose={onClose}
    />
  );
}

/**
 * The overrides an admin recorded for this trip (reason, the blockers as they were, who and when), and for a trip
 * not yet started, the way to record one.
 */
export function TripOverrides({ trip }: { trip: Pick<Trip, 'id' | 'status'> }) {
  const overrides = useTripOverrides(trip.id);
  const [open, setOpen] = useState(false);
  // Letting a trip run past a compliance blocker is an administrator's call (decision 077).
  const mayOverride = useMayUse('admin');
  return (
    <Paper component="section" aria-labelledby="trip-overrides-title" sx={{ p: 3 }}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, gap: 1, flexWrap: 'wrap' }}
      >
        <Typography id="trip-overrides-title" variant="h6" component="h2">
          Compliance overrides
        </Typography>
        {trip.status === 'PENDING' && mayOverride && (
          <Button variant="outlined" onClick={() => setOpen(true)}>
            Override blockers
          </Button>
        )}
      </Stack>
      {overrides.isPending && <LinearProgress aria-label="Loading overrides" />}
      {overrides.isError && <RetryAlert error={overrides.error} onRetry={() => void overrides.refetch()} />}
      {overrides.data?.length === 0 && <Typography color="text.secondary">No override.</Typography>}
      <Stack spacing={1}>
        {overrides.data?.map((override) => (
          <Alert key={override.id} severity="warning">
            <Typography sx={{ fontWeight: 600 }}>
              Overridden by {override.createdBy ?? 'a user since removed'} at{' '}
              {formatTripMoment(override.createdAt)}: {override.reason}
            </Typography>
            {override.blockers.map((blocker) => (
              <Typography key={blocker} variant="body2">
                {blocker}
              </Typography>
            ))}
          </Alert>
        ))}
      </Stack>
      {open && <OverrideDialog tripId={trip.id} onClose={() => setOpen(false)} />}
    </Paper>
  );
}
