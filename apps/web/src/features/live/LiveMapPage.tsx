import { RetryAlert } from '../../components/page/RetryAlert';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { PageHeader } from '../../components/page/PageHeader';
import { AlertsPanel } from './AlertsPanel';
import { nextStopText, onBoardText, progressText } from './board-format';
import { ConnectionStatus } from './ConnectionStatus';
import { useBoard } from './live-api';
import {
  BUS_FILTERS,
  liveBuses,
  matchesFilters,
  routeOptions,
  type BusFilter,
  type BusFilters,
  type LiveBus,
} from './live-buses';
import { useFollowLive } from './live-follow';
import { useNow } from '../../lib/time/use-now';
import { SignalText } from './SignalText';
import { latenessText } from '../../lib/live/staleness';
import { TripTimeline } from './TripTimeline';
import { useOperatorTimeZone } from '../../lib/time/operator-time';

// Leaflet comes in a chunk of its own, after the page's text: the list of buses reads without it.
const LiveMap = lazy(() => import('./LiveMap'));

/** A phone keeps room below the map for the list; a desktop gives the map the rest of the window. */
const MAP_HEIGHT = { xs: 400, lg: 'max(480px, calc(100vh - 240px))' };
const MAP_MIN_HEIGHT = 400;

function Filters({
  buses,
  filters,
  onChange,
}: {
  buses: readonly LiveBus[];
  filters: BusFilters;
  onChange: (filters: BusFilters) => void;
}) {
  const routes = routeOptions(buses);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <TextField
        select
        size="small"
        label="Route"
        value={filters.route}
        // "All routes" is the empty value: shown as chosen, with the label above it, not as a blank field.
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        onChange={(event) => onChange({ ...filters, route: event.target.value })}
        sx={{ minWidth: 200 }}
      >
        <MenuItem value="">All routes</MenuItem>
        {routes.map((route) => (
          <MenuItem key={route.key} value={route.key}>
            {route.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Status"
        value={filters.status}
        onChange={(event) => onChange({ ...filters, status: event.target.value as BusFilter })}
        sx={{ minWidth: 200 }}
      >
        {Object.entries(BUS_FILTERS).map(([value, label]) => (
          <MenuItem key={value} value={value}>
            {label}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

/** The buses in words, beside the map: readable without the map, by keyboard and screen reader alike. */
function BusList({ buses, onSelect }: { buses: readonly LiveBus[]; onSelect: (tripId: string) => void }) {
  const timeZone = useOperatorTimeZone();
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        Buses on the road ({buses.length})
      </Typography>
      {buses.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>
          No bus matches: no trip is under way, or the filters hide them.
        </Typography>
      ) : (
        <Box component="ul" aria-label="Buses on the road" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {buses.map(({ trip, age }) => {
            const lateness = latenessText(trip.lateMinutes);
            return (
              <li key={trip.tripId}>
                <ButtonBase
                  onClick={() => onSelect(trip.tripId)}
                  aria-label={`${trip.routeName}: show its stops`}
                  sx={{
                    display: 'block',
                    width: '100%',
                    textAlign: 'left',
                    p: 1,
                    borderRadius: 1,
                    '&:hover, &.Mui-focusVisible': { bgcolor: 'action.hover' },
                  }}
                >
                  <Typography variant="subtitle2" component="span" sx={{ display: 'block', fontWeight: 600 }}>
                    {trip.routeName}
                  </Typography>
                  <Typography variant="body2" component="span" sx={{ display: 'block' }}>
                    {trip.driverName} · {onBoardText(trip.onBoard)}
                    {lateness && ` · ${lateness}`}
                  </Typography>
                  <Typography variant="body2" component="span" sx={{ display: 'block' }}>
                    {progressText(trip)} · Next: {nextStopText(trip.nextStop, timeZone)}
                  </Typography>
                  <Typography variant="body2" component="span" sx={{ display: 'block' }}>
                    <SignalText age={age} />
                  </Typography>
                </ButtonBase>
              </li>
            );
          })}
        </Box>
      )}
    </Paper>
  );
}

/**
 * Where every bus of a started trip is now, how fresh that position is, and who is on board; a bus opens its
 * trip's stop timeline. Positions move the markers as they arrive.
 */
export function LiveMapPage() {
  useFollowLive();
  const { data: trips, error, refetch } = useBoard();
  const now = useNow();
  const [filters, setFilters] = useState<BusFilters>({ route: '', status: 'all' });
  const [selected, setSelected] = useState<string | null>(null);

  const running = useMemo(() => liveBuses(trips ?? [], now), [trips, now]);
  const shown = running.filter((bus) => matchesFilters(bus, filters));
  const onMap = shown.filter((bus) => bus.trip.lastFix !== null);

  let content;
  if (error && !trips) {
    content = <RetryAlert error={error} onRetry={() => void refetch()} />;
  } else if (!trips) {
    content = <Skeleton variant="rectangular" height={MAP_MIN_HEIGHT} />;
  } else {
    content = (
      <Suspense fallback={<Skeleton variant="rectangular" height={MAP_MIN_HEIGHT} />}>
        <LiveMap buses={onMap} selectedTripId={selected} onSelect={setSelected} height={MAP_HEIGHT} />
      </Suspense>
    );
  }

  return (
    <>
      <PageHeader title="Live map" showBack={false} action={<ConnectionStatus />} />
      <Filters buses={running} filters={filters} onChange={setFilters} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 8 }}>{content}</Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Stack spacing={3}>
            <AlertsPanel />
            {trips && <BusList buses={shown} onSelect={setSelected} />}
          </Stack>
        </Grid>
      </Grid>
      <TripTimeline tripId={selected} onClose={() => setSelected(null)} />
    </>
  );
}
