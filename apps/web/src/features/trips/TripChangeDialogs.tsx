import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import {
  cancelTripSchema,
  delayTripSchema,
  rescueTripSchema,
  type Driver,
  type Trip,
  type Vehicle,
} from '@school-transport/shared';
import type { Control, FieldPath } from 'react-hook-form';
import { FormSelectField } from '../../components/form/FormSelectField';
import { FormTextField } from '../../components/form/FormTextField';
import { SchemaFormDialog } from '../../components/form/SchemaFormDialog';
import { RetryAlert } from '../../components/page/RetryAlert';
import { RESOURCES, useResourceList } from '../../lib/api/resource-api';
import { formatTripDay } from '../../lib/time/format';
import { useCancelTrip, useDelayTrip, useRescueTrip } from './trips-api';

/**
 * The office's changes to a run that parents read (decision 056): a cancellation and a delay, each with a reason
 * the parents are told as typed, and a breakdown's handover to a rescue vehicle. Each asks first, in a dialog
 * validated by the schema the server validates with.
 */

interface TripDialogProps {
  trip: Trip;
  onClose: () => void;
}

const tripInWords = (trip: Trip) =>
  `the ${trip.type} trip of ${trip.route.name} on ${formatTripDay(trip.date)}`;

/** The reason field every change asks for: the parents read it as typed. */
function ReasonField<TValues extends { reason: string }, TOutput>({
  control,
  helperText,
}: {
  control: Control<TValues, unknown, TOutput>;
  helperText: string;
}) {
  return (
    <FormTextField
      control={control}
      name={'reason' as FieldPath<TValues>}
      label="Reason"
      required
      multiline
      minRows={2}
      helperText={helperText}
    />
  );
}

/** 'Cancel Trip?': a cancelled trip cannot be started again, and the parents are told why. */
export function CancelTripDialog({ trip, onClose }: TripDialogProps) {
  const cancel = useCancelTrip();
  return (
    <SchemaFormDialog
      title="Cancel Trip?"
      submitLabel="Cancel Trip"
      cancelLabel="Keep Trip"
      submitColor="error"
      schema={cancelTripSchema}
      values={{ reason: '' }}
      fields={(control) => (
        <>
          <Typography>
            Are you sure you want to cancel {tripInWords(trip)}? A cancelled trip cannot be started again.
          </Typography>
          <ReasonField
            control={control}
            helperText="The parents of its children are told this reason (for example: snow on the hill road)."
          />
        </>
      )}
      onSave={(input) => cancel.mutateAsync({ id: trip.id, input })}
      onClose={onClose}
    />
  );
}

/** 'Mark delayed': about how many minutes late the run is, and why; 0 marks it on time again. */
export function DelayTripDialog({ trip, onClose }: TripDialogProps) {
  const delay = useDelayTrip();
  return (
    <SchemaFormDialog
      title="Mark the run delayed"
      submitLabel="Save delay"
      schema={delayTripSchema}
      values={{ minutes: trip.delay?.minutes ?? 15, reason: trip.delay?.reason ?? '' }}
      fields={(control) => (
        <>
          <Typography>
            How late is {tripInWords(trip)}? The parents of its children are told once for each change.
          </Typography>
          <FormTextField
            control={control}
            name="minutes"
            label="Minutes late"
            required
            type="number"
            slotProps={{ htmlInput: { min: 0, inputMode: 'numeric' } }}
            helperText="0 marks the run on time again."
          />
          <ReasonField control={control} helperText="The parents read it as typed (for example: snow)." />
        </>
      )}
      onSave={(input) => delay.mutateAsync({ id: trip.id, input })}
      onClose={onClose}
    />
  );
}

/** The most drivers or vehicles offered at once: an operator's whole fleet on one page. */
const CHOICES_LIMIT = 100;

/**
 * 'Hand over to a rescue vehicle': the rescue driver and vehicle take the children on board on a trip that starts
 * at once; this trip ends, handed over. The server refuses a busy driver or vehicle, one too small, or one the
 * compliance gate blocks, in words shown above the fields.
 */
export function RescueTripDialog({ trip, onClose }: TripDialogProps) {
  const rescue = useRescueTrip();
  const drivers = useResourceList<Driver>(RESOURCES.drivers, { page: 1, limit: CHOICES_LIMIT, search: '' });
  const vehicles = useResourceList<Vehicle>(RESOURCES.vehicles, {
    page: 1,
    limit: CHOICES_LIMIT,
    search: '',
  });
  const loading = drivers.isPending || vehicles.isPending;
  const failed = drivers.isError || vehicles.isError;
  // The server refuses a driver on a started trip (this trip's own among them) in words; the broken bus is left out.
  const driverOptions = drivers.rows.map((driver) => ({
    value: driver.id,
    label: `${driver.user.name} (${driver.licenseNo})`,
  }));
  const vehicleOptions = vehicles.rows
    .filter((vehicle) => vehicle.licensePlate !== trip.vehicle.licensePlate)
    .map((vehicle) => ({ value: vehicle.id, label: `${vehicle.licensePlate} (${vehicle.capacity} seats)` }));
  return (
    <SchemaFormDialog
      title="Hand over to a rescue vehicle"
      submitLabel="Start rescue trip"
      schema={rescueTripSchema}
      values={{ driverId: '', vehicleId: '', reason: '' }}
      fields={(control) => (
        <>
          <Typography>
            The children on board {tripInWords(trip)} move to the rescue vehicle, whose trip starts at once;
            this trip ends, handed over. Their parents are told which bus carries them now.
          </Typography>
          {failed ? (
            <RetryAlert
              message="The drivers and vehicles could not be loaded."
              onRetry={() => {
                drivers.refetch();
                vehicles.refetch();
              }}
            />
          ) : loading ? (
            <Alert severity="info">Loading the drivers and vehicles…</Alert>
          ) : !driverOptions.length || !vehicleOptions.length ? (
            <Alert severity="warning">
              There is no other driver or vehicle on record: add one (Drivers, Vehicles) to send to the
              rescue.
            </Alert>
          ) : (
            <>
              <FormSelectField
                control={control}
                name="driverId"
                label="Rescue driver"
                required
                options={driverOptions}
              />
              <FormSelectField
                control={control}
                name="vehicleId"
                label="Rescue vehicle"
                required
                options={vehicleOptions}
              />
            </>
          )}
          <ReasonField
            control={control}
            helperText="The parents read it as typed (for example: engine failure)."
          />
        </>
      )}
      onSave={(input) => rescue.mutateAsync({ id: trip.id, input })}
      onClose={onClose}
    />
  );
}
