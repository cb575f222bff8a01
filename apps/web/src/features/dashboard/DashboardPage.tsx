import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { fetchFailedMessage } from '@school-transport/shared';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { UNASSIGNED_STUDENTS_PATH } from '../../lib/query-paths';
import { useDashboardSummary } from './api';
import { CountCards } from './CountCards';
import { SeatsCard } from './SeatsCard';
import { TodaysTripsCard } from './TodaysTripsCard';

/** Children still to be given a route: the one figure here that asks for work. */
function UnassignedStudents({ count }: { count: number | undefined }) {
  return (
    <Paper sx={{ p: 2 }}>
      {count === undefined ? (
        <Skeleton width={280} />
      ) : (
        <Link component={RouterLink} to={UNASSIGNED_STUDENTS_PATH} color="inherit" sx={{ fontWeight: 600 }}>
          Students without an assignment: {count}
        </Link>
      )}
    </Paper>
  );
}

/**
 * The admin dashboard: the heading 'Admin Dashboard', then the figures of GET /api/dashboard/summary, each
 * leading to the list it counts.
 */
export function DashboardPage() {
  const { data: summary, isError } = useDashboardSummary();

  return (
    <>
      <PageHeader title="Dashboard" showBack={false} />
      <Stack spacing={3}>
        <Typography variant="h6" component="h2">
          Admin Dashboard
        </Typography>
        {isError ? (
          <Alert severity="error">{fetchFailedMessage('dashboard')}</Alert>
        ) : (
          <>
            <CountCards counts={summary?.counts} />
            <UnassignedStudents count={summary?.unassignedStudents} />
            <Grid container spacing={3}>
              <Grid size={{ xs: 12, md: 6 }}>
                <SeatsCard seats={summary?.seats} />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <TodaysTripsCard trips={summary?.todaysTrips} />
              </Grid>
            </Grid>
          </>
        )}
      </Stack>
    </>
  );
}
