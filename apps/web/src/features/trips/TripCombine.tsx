import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { combineTripSchema, type CombinedRun, type HostStop, type Trip } from '@school-transport/shared';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { FormSelectField } from '../../components/form/FormSelectField';
import { FormTextField } from '../../components/form/FormTextField';
import { SchemaFormDialog } from '../../components/form/SchemaFormDialog';
import { LazyStopsMap } from '../../components/map/LazyStopsMap';
import { ConfirmDialog } from '../../components/page/ConfirmDialog';
import { RetryAlert } from '../../components/page/RetryAlert';
import { RESOURCES, useResourceList } from '../../lib/api/resource-api';
import { moveRow } from '../../lib/order/move-row';
import { paths } from '../../lib/paths/paths';
import { formatTripDay, formatTripMoment } from '../../lib/time/format';
import { useCombineTrip, useOrderCombinedStops, useTripCombines, useUndoCombine } from './trips-api';
import { useMayUse } from '../../lib/session/session';

/**
 * Combined runs on the office's trip page (decision 061): "this run rides with another bus today", the host's
 * stops in the order the office adjusts (with the map), and the undo, which asks first.
 */

/** The most runs of one day offered as hosts: an operator's whole fleet on one page. */
const HOSTS_LIMIT = 100;

/**
 * 'Combine with another run': the host is chosen among the same day's PENDING runs of the same kind; the server
 * checks the seats and refuses in words above the fields when the children do not fit.
 */
export function CombineTripDialog({ trip, onClose }: { trip: Trip; onClose: () => void }) {
  const combine = useCombineTrip();
  const runs = useResourceList<Trip>(
    RESOURCES.trips,
    { page: 1, limit: HOSTS_LIMIT, search: '' },
    { status: 'PENDING', type: trip.type, dateFrom: trip.date, dateTo: trip.date },
  );
  const hostOptions = runs.rows
    .filter((run) => run.id !== trip.id)
    .map((run) => ({
      value: run.id,
      label: `${run.route.name} (bus ${run.vehicle.licensePlate}, driver ${run.driver.name})`,
    }));
  return (
    <SchemaFormDialog
      title="Combine with another run"
      submitLabel="Combine runs"
      schema={combineTripSchema}
      values={{ hostTripId: '', reason: '' }}
      fields={(control) => (
        <>
          <Typography>
            The children and stops of the {trip.type} trip of {trip.route.name} on {formatTripDay(trip.date)}{' '}
            join the run you choose, within its seats, and this trip is cancelled. The parents of both runs
            are told.
          </Typography>
          {runs.isError ? (
            <RetryAlert message="The day’s runs could not be loaded." onRetry={() => runs.refetch()} />
          ) : runs.isPending ? (
            <Alert severity="info">Loading the day’s runs…</Alert>
          ) : !hostOptions.length ? (
            <Alert severity="warning">
              No other {trip.type} run of that day is still to run: there is nothing to ride with.
            </Alert>
          ) : (
            <FormSelectField
              control={control}
              name="hostTripId"
              label="Ride with"
              required
              options={hostOptions}
            />
          )}
          <FormTextField
            control={control}
            name="reason"
            label="Reason"
            required
            multiline
            minRows={2}
            helperText="The parents read it as typed (for example: the driver is ill)."
          />
        </>
      )}
      onSave={(input) => combine.mutateAsync({ id: trip.id, input })}
      onClose={onClose}
    />
  );
}

function TripLink({ id, text }: { id: string; text: string }) {
  return (
    <Link component={RouterLink} to={paths.trips.details(id)}>
      {text}
    </Link>
  );
}

/** The host's stops in order, with Up and Down while the host has not started; each move is saved at once. */
function HostStopOrder({
  stops,
  combineId,
  editable,
}: {
  stops: HostStop[];
  combineId: string;
  editable: boolean;
}) {
  const order = useOrderCombinedStops();
  const move = (from: number, to: number) =>
    order
      .mutateAsync({ id: combineId, positions: moveRow(stops, from, to).map((stop) => stop.position) })
      // A refusal is reported as a toast; the list shows the order as the server has it.
      .catch(() => undefined);
  return (
    <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Stops in order">
      {stops.map((stop, index) => (
        <Box
          component="li"
          key={stop.position}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
        >
          <Typography sx={{ fontWeight: 600, minWidth: 24 }}>{index + 1}.</Typography>
          <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
            <Typography sx={{ overflowWrap: 'anywhere' }}>{stop.name}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {stop.combinedFromTripId ? 'Joined with the combined run' : 'This run’s own stop'}
              {stop.plannedAt ? ` · planned ${formatTripMoment(stop.plannedAt)}` : ''}
            </Typography>
          </Box>
          {editable && (
            <Box sx={{ display: 'flex' }}>
              <IconButton
                aria-label={`Move ${stop.name} up`}
                disabled={index === 0 || order.isPending}
                onClick={() => move(index, index - 1)}
              >
                <ArrowUpwardIcon />
              </IconButton>
              <IconButton
                aria-label={`Move ${stop.name} down`}
                disabled={index === stops.length - 1 || order.isPending}
                onClick={() => move(index, index + 1)}
              >
                <ArrowDownwardIcon />
              </IconButton>
            </Box>
          )}
        </Box>
      ))}
    </Stack>
  );
}

/** One combine as the host's page lists it, with its undo (asks first). */
function JoinedRun({ combine, editable }: { combine: CombinedRun; editable: boolean }) {
  const undo = useUndoCombine();
  const [asking, setAsking] = useState(false);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography sx={{ flex: '1 1 200px' }}>
        <TripLink id={combine.joinedTripId} text={combine.joinedRouteName} /> rides with this run:{' '}
        {combine.reason}
      </Typography>
      {editable && (
        <Button variant="outlined" color="error" onClick={() => setAsking(true)}>
          Undo combine
        </Button>
      )}
      <ConfirmDialog
        open={asking}
        onClose={() => setAsking(false)}
        onConfirm={() => undo.mutateAsync(combine.id)}
        title="Undo the combine?"
        text={`${combine.joinedRouteName} runs with its own bus again, its stops leave this run, and its parents are told.`}
        confirmLabel="Undo combine"
      />
    </Box>
  );
}

/**
 * The combines the trip takes part in: on a run that joined another, which one it rides with; on a host, the runs
 * riding with it, its stops in order (adjustable while it has not started) and the map of that order. Nothing on a
 * trip that takes part in none.
 */
export function TripCombineSection({ trip }: { trip: Trip }) {
  const combines = useTripCombines(trip.id);
  // Combines are the day's work: a viewer sees them without the order's arrows or the undo (decision 077).
  const dispatches = useMayUse('dispatch');
  if (combines.isPending) return null;
  if (combines.isError)
    return <RetryAlert message="The combined runs could not be loaded." onRetry={() => combines.refetch()} />;
  const data = combines.data;
  if (!data?.combines.length) return null;
  const joinedInto = data.combines.find((combine) => combine.joinedTripId === trip.id);
  if (joinedInto)
    return (
      <Alert severity="info">
        This run rides with <TripLink id={joinedInto.hostTripId} text={joinedInto.hostRouteName} /> today:{' '}
        {joinedInto.reason}
      </Alert>
    );
  const editable = trip.status === 'PENDING' && dispatches;
  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        Combined runs
      </Typography>
      <Stack spacing={2}>
        {data.combines.map((combine) => (
          <JoinedRun key={combine.id} combine={combine} editable={editable} />
        ))}
        <Typography variant="subtitle1" component="h3">
          Stops in order{trip.status === 'PENDING' ? '' : ' (the run has started: the order is kept)'}
        </Typography>
        <HostStopOrder stops={data.hostStops} combineId={data.combines[0]!.id} editable={editable} />
        <LazyStopsMap stops={data.hostStops} label="Combined run’s stops map" height={280} />
      </Stack>
    </Paper>
  );
}
