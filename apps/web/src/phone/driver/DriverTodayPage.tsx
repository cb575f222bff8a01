import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { DriverTrip, DriverVehicleDay } from '@school-transport/shared';
import {
  Alert,
  Button,
  Card,
  CardActions,
  Heading,
  LinkButton,
  PageLoader,
  RetryAlert,
  Stack,
  Text,
} from '../kit';
import { useT } from '../i18n';
import { fetchToday, fetchVehicleDays, startTrip, vehicleDaysQueryKey } from './driver-api';
import { useDriverSync } from './driver-sync';
import { useTripWords } from './driver-format';
import { driverPaths } from './driver-paths';
import { useDriverToken } from './driver-session';
import { TripStatusChip } from './TripStatusChip';
import { InspectLink, VehicleChecks } from './VehicleChecks';

export const todayQueryKey = ['driver', 'today'] as const;

function TripCard({
  trip,
  vehicle,
}: {
  trip: DriverTrip;
  /** The trip's vehicle as the inspections know it: where a refused start leads. */
  vehicle: DriverVehicleDay | undefined;
}) {
  const { t } = useT();
  const words = useTripWords();
  const labelId = useId();
  const token = useDriverToken();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { flushNow } = useDriverSync();
  const start = useMutation({
    // What this phone keeps goes first: an inspection saved a moment ago waits in the outbox, and the server would
    // refuse the start for want of it.
    mutationFn: async () => {
      await flushNow();
      return startTrip(token, trip.id);
    },
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
    ? t('today.trip.heading', { time: words.clock(trip.plannedStartAt), route: trip.routeName })
    : trip.routeName;

  return (
    <Card as="article" labelledBy={labelId}>
      {/* The card's name says the run before the time and route, so a list of cards reads as the day does. */}
      <span id={labelId} hidden>
        {t('today.trip.label', { run: words.run(trip.type), heading })}
      </span>
      <Stack gap={1}>
        <Stack direction="row" gap={1} align="center" justify="space-between" wrap>
          <Heading level={2}>{heading}</Heading>
          <TripStatusChip status={trip.status} />
        </Stack>
        {/* A field trip's bus (decision 073) carries a group: its pupils as a count, no run of the day. */}
        <Text tone="muted">
          {trip.fieldTripId
            ? t('today.trip.fieldTripMeta', { plate: trip.vehiclePlate })
            : t('today.trip.meta', { run: words.run(trip.type), plate: trip.vehiclePlate })}
        </Text>
        <Text tone="muted" size="small">
          {trip.fieldTripId
            ? t('today.trip.fieldTripCounts', { pupils: trip.riderCount })
            : t('today.trip.counts', { stops: trip.stopCount, children: trip.riderCount })}
        </Text>
        {refusal && (
          <Alert tone="error" action={<InspectLink vehicle={vehicle} />}>
            {refusal}
          </Alert>
        )}
      </Stack>
      <CardActions>
        {trip.status === 'PENDING' && (
          <Button variant="filled" busy={start.isPending} onClick={() => start.mutate()}>
            {t('today.trip.start')}
          </Button>
        )}
        <LinkButton
          to={driverPaths.trip(trip.id)}
          variant={trip.status === 'STARTED' ? 'filled' : 'outlined'}
        >
          {trip.status === 'STARTED' ? t('today.trip.continue') : t('today.trip.manifest')}
        </LinkButton>
      </CardActions>
    </Card>
  );
}

/** /driver: the driver's trips of today in the order they run. */
export function DriverTodayPage() {
  const { t } = useT();
  const words = useTripWords();
  const token = useDriverToken();
  const today = useQuery({ queryKey: todayQueryKey, queryFn: () => fetchToday(token) });
  // Inspections are a help here, not the day itself: if they cannot be read, the trips still show.
  const vehicles = useQuery({ queryKey: vehicleDaysQueryKey, queryFn: () => fetchVehicleDays(token) });
  const vehicleOf = (trip: DriverTrip) =>
    vehicles.data?.data.find((vehicle) => vehicle.licensePlate === trip.vehiclePlate);

  return (
    <Stack gap={3}>
      <Stack direction="row" gap={1} align="center" justify="space-between" wrap>
        <Heading level={1}>{t('today.title')}</Heading>
        <LinkButton to={driverPaths.hours} icon="clock" variant="outlined">
          {t('today.hours')}
        </LinkButton>
      </Stack>
      {today.isPending && <PageLoader />}
      {today.isError && <RetryAlert error={today.error} onRetry={() => void today.refetch()} />}
      {today.data?.offline && (
        <Alert tone="warning">{t('today.offline', { time: words.clock(today.data.savedAt) })}</Alert>
      )}
      {today.data && today.data.data.length === 0 && <Alert tone="info">{t('today.empty')}</Alert>}
      {vehicles.data && <VehicleChecks vehicles={vehicles.data.data} />}
      {today.data?.data.map((trip) => (
        <TripCard key={trip.id} trip={trip} vehicle={vehicleOf(trip)} />
      ))}
    </Stack>
  );
}
