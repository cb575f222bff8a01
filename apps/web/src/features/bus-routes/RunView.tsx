import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RunSchedule } from '@school-transport/shared';
import { LazyStopsMap } from '../../components/map/LazyStopsMap';
import { clockAfter } from '../../lib/time/operator-time';
import { RUN_LABELS } from './run-draft';
import { RunRiders } from './RunRiders';

/**
 * One run of a route as a role that does not plan routes reads it (decision 077): its start, the stops in order
 * with their times, their map and the children at each, with nothing to change.
 */
export function RunView({ run }: { run: RunSchedule }) {
  const label = RUN_LABELS[run.run];
  if (run.startTime === null)
    return (
      <Paper sx={{ p: 3 }}>
        <Typography>
          The {label.toLowerCase()} run has no schedule yet: its trips run without stops or times.
        </Typography>
      </Paper>
    );
  const startTime = run.startTime;
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, lg: 7 }}>
        <Paper sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography sx={{ mb: 2 }}>Starts at {startTime}</Typography>
          {run.stops.length === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>No stops on this run.</Typography>
          ) : (
            <Stack component="ol" spacing={1} sx={{ pl: 3, m: 0 }} aria-label="Stops in order">
              {run.stops.map((stop) => (
                <li key={stop.id}>
                  <Typography>
                    {clockAfter(startTime, stop.minutesAfterStart)} · {stop.name}
                  </Typography>
                </li>
              ))}
            </Stack>
          )}
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, lg: 5 }}>
        <Stack spacing={3}>
          <LazyStopsMap stops={run.stops} label={`${label} stops map`} height={300} />
          <Paper sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h6" component="h3" sx={{ mb: 2 }}>
              Children at each stop
            </Typography>
            <RunRiders run={run} locked={false} readOnly />
          </Paper>
        </Stack>
      </Grid>
    </Grid>
  );
}
