import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { TRIP_STATUSES, type DashboardSummary } from '@school-transport/shared';
import { Link as RouterLink } from 'react-router';
import { TripStatusChip } from '../../components/trips/TripChips';
import { formatDate } from '../../lib/time/format';
import { tripsOfDayPath } from '../../lib/paths/query-paths';

/** Today's trips (the server's day) by status, each number leading to those trips in the trip list. */
export function TodaysTripsCard({ trips }: { trips: DashboardSummary['todaysTrips'] | undefined }) {
  return (
    <Paper sx={{ p: 3, height: '100%' }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        Today&apos;s trips{trips && ` (${formatDate(trips.date)})`}
      </Typography>
      {trips === undefined ? (
        <Skeleton height={56} />
      ) : (
        // Two by two: a status chip beside each number would not fit four abreast in half the page.
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 2 }}>
          {TRIP_STATUSES.map((status) => (
            <ButtonBase
              key={status}
              component={RouterLink}
              to={tripsOfDayPath(trips.date, status)}
              aria-label={`${status}: ${trips[status]}`}
              sx={{
                display: 'flex',
                flexDirection: 'column',
                gap: 1,
                p: 1.5,
                borderRadius: 1,
                border: 1,
                borderColor: 'divider',
              }}
            >
              <TripStatusChip status={status} />
              <Typography variant="h5" component="span" sx={{ fontWeight: 700 }}>
                {trips[status]}
              </Typography>
            </ButtonBase>
          ))}
        </Box>
      )}
    </Paper>
  );
}
