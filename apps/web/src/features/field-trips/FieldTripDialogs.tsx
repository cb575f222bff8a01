import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  fieldTripApproveSchema,
  fieldTripCompleteSchema,
  fieldTripInputSchema,
  fieldTripReasonSchema,
  fieldTripScheduleSchema,
  MIN_DISTANCE_POSITIONS,
  type FieldTrip,
  type FieldTripData,
  type FieldTripInput,
  type FieldTripSchedule,
  type School,
} from '@school-transport/shared';
import { useFieldArray, useWatch } from 'react-hook-form';
import { FieldGrid, type FieldSpec } from '../../components/form/FieldGrid';
import { FormDialog } from '../../components/form/FormDialog';
import { FormSearchSelect } from '../../components/form/FormSearchSelect';
import { FormSelectField } from '../../components/form/FormSelectField';
import { SchemaFormDialog } from '../../components/form/SchemaFormDialog';
import { showServerFieldErrors } from '../../components/form/server-field-errors';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { PageLoader } from '../../components/shell/PageLoader';
import { RetryAlert } from '../../components/page/RetryAlert';
import { ApiError } from '../../lib/api/api-client';
import { useMySchools } from '../../lib/api/my-schools-api';
import { RESOURCES } from '../../lib/api/resource-queries';
import { useSession } from '../../lib/session/session';
import { localToday } from '../../lib/time/format';
import { useAvailability, useFieldTripAction, useRates, useRequestFieldTrip } from './field-trips-api';

const REQUEST_FIELDS: readonly FieldSpec<FieldTripInput>[] = [
  { name: 'destinationName', label: 'Destination', span: 12 },
  { name: 'destinationAddress', label: 'Address', span: 12 },
  { name: 'destinationLat', label: 'Latitude', type: 'number', slotProps: { htmlInput: { step: 'any' } } },
  { name: 'destinationLng', label: 'Longitude', type: 'number', slotProps: { htmlInput: { step: 'any' } } },
  { name: 'date', label: 'Date', type: 'date', span: 4, slotProps: { inputLabel: { shrink: true } } },
  {
    name: 'departTime',
    label: 'Departure',
    type: 'time',
    span: 4,
    slotProps: { inputLabel: { shrink: true } },
  },
  { name: 'returnTime', label: 'Return', type: 'time', span: 4, slotProps: { inputLabel: { shrink: true } } },
  { name: 'pupils', label: 'Pupils', type: 'number', span: 4 },
  { name: 'adults', label: 'Adults', type: 'number', span: 4 },
  { name: 'wheelchairPlaces', label: 'Wheelchair places', type: 'number', span: 4 },
  { name: 'notes', label: 'Notes', multiline: true, minRows: 2, span: 12 },
];

/**
 * 'Request a trip': the shared schema checks the form as the server does; errors show under their fields. School
 * staff choose among their own schools (the server refuses any other, decision 069); the office searches them all.
 */
export function RequestDialog({ onClose }: { onClose: () => void }) {
  const create = useRequestFieldTrip();
  const schoolStaff = useSession().role === 'school_staff';
  const mySchools = useMySchools(schoolStaff);
  if (schoolStaff && mySchools.isPending) return <PageLoader />;
  const ownSchools = (mySchools.data ?? []).map((school) => ({ value: school.id, label: school.name }));
  return (
    <SchemaFormDialog<FieldTripInput, FieldTripData>
      title="Request a field trip"
      submitLabel="Send request"
      schema={fieldTripInputSchema}
      values={{
        schoolId: ownSchools.length === 1 ? ownSchools[0]!.value : '',
        destinationName: '',
        destinationAddress: '',
        destinationLat: '',
        destinationLng: '',
        date: localToday(),
        departTime: '09:00',
        returnTime: '14:00',
        pupils: '',
        adults: '0',
        wheelchairPlaces: '0',
        notes: '',
      }}
      fields={(control) => (
        <Stack spacing={2}>
          {schoolStaff ? (
            <>
              {mySchools.isError && (
                <RetryAlert
                  message="Your schools could not be loaded."
                  onRetry={() => void mySchools.refetch()}
                />
              )}
              <FormSelectField
                control={control}
                name="schoolId"
                label="School"
                required
                options={ownSchools}
              />
            </>
          ) : (
            <FormSearchSelect<FieldTripInput, FieldTripData, School>
              control={control}
              name="schoolId"
              label="School"
              required
              resource={RESOURCES.schools}
              optionLabel={(school) => school.name}
            />
          )}
          <FieldGrid control={control} schema={fieldTripInputSchema} fields={REQUEST_FIELDS} />
        </Stack>
      )}
      onSave={(input) => create.mutateAsync(input)}
      onClose={onClose}
    />
  );
}

/** Approve: the estimate is made with the rate of a vehicle type, for some buses. */
export function ApproveDialog({ trip, onClose }: { trip: FieldTrip; onClose: () => void }) {
  const act = useFieldTripAction();
  const rates = useRates();
  return (
    <SchemaFormDialog
      title={`Approve the ${trip.destinationName} trip`}
      submitLabel="Approve"
      schema={fieldTripApproveSchema}
      values={{ vehicleType: rates.data?.[0]?.vehicleType ?? '', buses: '1' }}
      fields={(control) => (
        <Stack spacing={2}>
          {rates.data?.length === 0 && (
            <Alert severity="warning">Add a rate on the Rates screen first.</Alert>
          )}
          <FormSelectField
            control={control}
            name="vehicleType"
            label="Estimate with the rate of"
            required
            options={(rates.data ?? []).map((rate) => ({ value: rate.vehicleType, label: rate.vehicleType }))}
          />
          <FieldGrid
            control={control}
            schema={fieldTripApproveSchema}
            fields={[{ name: 'buses', label: 'Buses', type: 'number' }]}
          />
        </Stack>
      )}
      onSave={(body) => act.mutateAsync({ action: 'approve', id: trip.id, body })}
      onClose={onClose}
    />
  );
}

/** Decline or cancel: both need the reason the requester reads. */
export function ReasonDialog({
  trip,
  action,
  onClose,
}: {
  trip: FieldTrip;
  action: 'decline' | 'cancel';
  onClose: () => void;
}) {
  const act = useFieldTripAction();
  return (
    <SchemaFormDialog
      title={`${action === 'decline' ? 'Decline' : 'Cancel'} the ${trip.destinationName} trip?`}
      submitLabel={action === 'decline' ? 'Decline' : 'Cancel trip'}
      cancelLabel="Keep it"
      submitColor="error"
      schema={fieldTripReasonSchema}
      values={{ reason: '' }}
      fields={[{ name: 'reason', label: 'Reason (the requester reads it)', span: 12 }]}
      onSave={(body) => act.mutateAsync({ action, id: trip.id, body })}
      onClose={onClose}
    />
  );
}

/**
 * Complete: the hours are the buses' own start and finish; each bus's distance is its recorded GPS positions when it
 * sent enough of them (decision 078). The odometer distance is asked for only when a bus sent too few; left empty,
 * such a bus counts the estimate.
 */
export function CompleteDialog({ trip, onClose }: { trip: FieldTrip; onClose: () => void }) {
  const act = useFieldTripAction();
  const running = trip.buses.filter((bus) => bus.status !== 'CANCELLED');
  const short = running.filter((bus) => bus.positions < MIN_DISTANCE_POSITIONS);
  return (
    <SchemaFormDialog
      title={`Complete the ${trip.destinationName} trip`}
      submitLabel="Complete"
      schema={fieldTripCompleteSchema}
      values={{ distanceKm: '' }}
      fields={(control) => (
        <Stack spacing={2}>
          <ul aria-label="Distance of each bus">
            {running.map((bus) => (
              <li key={bus.tripId}>
                {bus.vehicle.licensePlate} ({bus.driver.name}): {bus.positions} GPS positions recorded —{' '}
                {bus.positions >= MIN_DISTANCE_POSITIONS
                  ? 'its distance comes from them.'
                  : 'too few: the odometer distance below counts, or the estimate if it is left empty.'}
              </li>
            ))}
          </ul>
          {short.length > 0 && (
            <FieldGrid
              control={control}
              schema={fieldTripCompleteSchema}
              fields={[
                {
                  name: 'distanceKm',
                  label: 'Odometer distance per bus (km)',
                  type: 'number',
                  span: 12,
                  helperText: `For ${short.map((bus) => bus.vehicle.licensePlate).join(', ')}; empty: the estimate (${trip.estimatedKm ?? '—'} km).`,
                },
              ]}
            />
          )}
        </Stack>
      )}
      onSave={(body) => act.mutateAsync({ action: 'complete', id: trip.id, body })}
      onClose={onClose}
    />
  );
}

/**
 * Scheduling: a driver and a vehicle per bus, chosen among those the server says are free at the trip's times
 * (depot legs included) and valid that day. Two offices at once: the server's 409 names who took the driver.
 */
export function ScheduleDialog({ trip, onClose }: { trip: FieldTrip; onClose: () => void }) {
  const availability = useAvailability(trip.id);
  const act = useFieldTripAction();
  const { control, problems, submitWith, isSubmitting } = useSchemaForm(fieldTripScheduleSchema, {
    buses: [{ driverId: '', vehicleId: '' }],
  } satisfies FieldTripSchedule);
  const buses = useFieldArray({ control, name: 'buses' });
  const chosen = useWatch({ control, name: 'buses' });
  const free = availability.data;
  const picked = (free?.vehicles ?? []).filter((v) => chosen?.some((bus) => bus.vehicleId === v.id));
  const seats = picked.reduce((sum, v) => sum + v.capacity, 0);
  const wheelchairs = picked.reduce((sum, v) => sum + v.wheelchairPlaces, 0);

  return (
    <FormDialog
      title={`Schedule the ${trip.destinationName} trip`}
      submitLabel="Schedule"
      maxWidth="md"
      problems={problems}
      submitting={isSubmitting}
      onSubmit={submitWith(async (input) => {
        try {
          await act.mutateAsync({ action: 'schedule', id: trip.id, body: input });
        } catch (error) {
          showServerFieldErrors(error, [], control.setError);
          if (error instanceof ApiError) throw new ApiError(error.status, error.message);
          throw error;
        }
        onClose();
      })}
      onClose={onClose}
    >
      {availability.isPending && <PageLoader />}
      {availability.isError && (
        <RetryAlert message="Could not read who is free." onRetry={() => void availability.refetch()} />
      )}
      {free && (
        <Stack spacing={2}>
          <Typography>
            {trip.departTime}–{trip.returnTime}; away from the depot{' '}
            {new Date(free.busyFrom).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}–
            {new Date(free.busyTo).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}. Needs{' '}
            {free.seatsNeeded} seats and {free.wheelchairPlacesNeeded} wheelchair places.
          </Typography>
          {buses.fields.map((field, index) => (
            <Grid container spacing={2} key={field.id}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormSelectField
                  control={control}
                  name={`buses.${index}.driverId`}
                  label={`Driver ${index + 1}`}
                  required
                  options={free.drivers.map((d) => ({ value: d.id, label: d.name }))}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormSelectField
                  control={control}
                  name={`buses.${index}.vehicleId`}
                  label={`Vehicle ${index + 1}`}
                  required
                  options={free.vehicles.map((v) => ({
                    value: v.id,
                    label: `${v.licensePlate} (${v.type}, ${v.capacity} seats, ${v.wheelchairPlaces} wheelchair)`,
                  }))}
                />
              </Grid>
            </Grid>
          ))}
          <Stack direction="row" spacing={1}>
            <Button onClick={() => buses.append({ driverId: '', vehicleId: '' })}>Add a bus</Button>
            {buses.fields.length > 1 && (
              <Button color="error" onClick={() => buses.remove(buses.fields.length - 1)}>
                Remove the last bus
              </Button>
            )}
          </Stack>
          <Typography aria-live="polite" color={seats < free.seatsNeeded ? 'error' : 'text.secondary'}>
            Chosen: {seats} of {free.seatsNeeded} seats, {wheelchairs} of {free.wheelchairPlacesNeeded}{' '}
            wheelchair places.
          </Typography>
          {free.unavailable.length > 0 && (
            <details>
              <summary>Not free or not valid that day ({free.unavailable.length})</summary>
              <ul>
                {free.unavailable.map((row) => (
                  <li key={row.why}>{row.why}</li>
                ))}
              </ul>
            </details>
          )}
        </Stack>
      )}
    </FormDialog>
  );
}
