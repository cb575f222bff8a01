import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PageLoader } from '../../components/shell/PageLoader';
import { RetryAlert } from '../../components/page/RetryAlert';
import { TripStatusChip } from '../../components/trips/TripChips';
import type { DriverTrip, DriverVehicleDay } from '@school-transport/shared';
import { fetchToday, fetchVehicleDays, startTrip, vehicleDaysQueryKey } from './driver-api';
import { clockOrDash, RUN_LABELS, useOperatorTimeZone } from './driver-format';
import { driverPaths } from './driver-paths';
import { useDriverToken } from './driver-session';
import { inspectAction, VehicleChecks } from './VehicleChecks';

export const todayQueryKey = ['driver', 'today'] as const;

function TripCard({
  trip,
  timeZone,
  vehicle,
}: {
  trip: DriverTrip;
  timeZone: string;
  /** The trip's vehicle as the inspections know it: where a refused start leads. */
  vehicle: DriverVehicleDay | undefined;
}) {
  const token = useDriverToken();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: () => startTrip(token, trip.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['driver'] });
      navigate(driverPaths.trip(trip.id));
    },
    // The server says why (not today's trip, no inspection, out of service): shown as it said it.
    onError: (error) => {
      setRefusal(error.message);
      void queryClient.invalidateQueries({ queryKey: vehicleDaysQueryKey });
    },
  });
  const heading = trip.plannedStartAt
    ? `${clockOrDash(trip.plannedStartAt, timeZone)} · ${trip.routeName}`
    : trip.routeName;

  return (
    <Card component="article" aria-label={`${RUN_LABELS[trip.type]}, ${heading}`} variant="outlined">
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
            {heading}
          </Typography>
          <TripStatusChip status={trip.status} />
        </Stack>
        <Typography color="text.secondary">
          {RUN_LABELS[trip.type]} · {trip.vehiclePlate}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {trip.stopCount} {trip.stopCount === 1 ? 'stop' : 'stops'} · {trip.riderCount}{' '}
          {trip.riderCount === 1 ? 'child' : 'children'}
        </Typography>
        {refusal && (
          <Alert severity="error" sx={{ mt: 1 }} action={inspectAction(vehicle)}>
            {refusal}
          </Alert>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        {trip.status === 'PENDING' && (
          <Button variant="contained" size="large" loading={start.isPending} onClick={() => start.mutate()}>
            Start
          </Button>
        )}
        <Button
          component={RouterLink}
          to={driverPaths.trip(trip.id)}
          size="large"
          variant={trip.status === 'STARTED' ? 'contained' : 'outlined'}
        >
          {trip.status === 'STARTED' ? 'Continue' : 'Manifest'}
        </Button>
      </CardActions>
    </Card>
  );
}

/** /driver: the driver's trips of today in the order they run. */
export function DriverTodayPage() {
  const token = useDriverToken();
  const timeZone = useOperatorTimeZone();
  const today = useQuery({ queryKey: todayQueryKey, queryFn: () => fetchToday(token) });
  // Inspections are a help here, not the day itself: if they cannot be read, the trips still show.
  const vehicles = useQuery({ queryKey: vehicleDaysQueryKey, queryFn: () => fetchVehicleDays(token) });
  const vehicleOf = (trip: DriverTrip) =>
    vehicles.data?.data.find((vehicle) => vehicle.licensePlate === trip.vehiclePlate);

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        Today
      </Typography>
      {today.isPending && <PageLoader />}
      {today.isError && <RetryAlert error={today.error} onRetry={() => void today.refetch()} />}
      {today.data?.offline && (
        <Alert severity="warning">
          Offline: this is the list as it was at {clockOrDash(today.data.savedAt, timeZone)}.
        </Alert>
      )}
      {today.data && today.data.data.length === 0 && <Alert severity="info">You have no trips today.</Alert>}
      {vehicles.data && <VehicleChecks vehicles={vehicles.data.data} />}
      {today.data?.data.map((trip) => (
        <TripCard key={trip.id} trip={trip} timeZone={timeZone} vehicle={vehicleOf(trip)} />
      ))}
    </Stack>
  );
}
