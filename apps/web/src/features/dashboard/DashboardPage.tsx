import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { fetchFailedMessage } from '@school-transport/shared';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/page/PageHeader';
import { RetryAlert } from '../../components/page/RetryAlert';
import { UNASSIGNED_STUDENTS_PATH } from '../../lib/paths/query-paths';
import { useAnswerDrawnLater } from '../../lib/api/use-answer-drawn-later';
import { useDashboardSummary } from './dashboard-api';
import { ComplianceCard } from './ComplianceCard';
import { CountCards } from './CountCards';
import { SeatsCard } from './SeatsCard';
import { TodaysTripsCard } from './TodaysTripsCard';
import { SCREEN_HEADINGS } from '../../lib/paths/screen-headings';

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
 * The admin dashboard: the heading 'Admin Dashboard' (one heading, not the specification's 'Dashboard' above it),
 * then the figures of GET /api/dashboard/summary, each
 * leading to the list it counts.
 */
export function DashboardPage() {
  const { data, isError, refetch } = useDashboardSummary();
  // The figures are drawn in slices a moment after their answer; the skeletons stay until then.
  const summary = useAnswerDrawnLater(data);

  return (
    <>
      {/* The first screen: no way back, and no trail of one link to itself. */}
      <PageHeader title={SCREEN_HEADINGS.dashboard.title} showBack={false} trail={false} />
      <Stack spacing={3}>
        {isError ? (
          <RetryAlert message={fetchFailedMessage('dashboard')} onRetry={() => void refetch()} />
        ) : (
          <>
            <CountCards counts={summary?.counts} />
            <UnassignedStudents count={summary?.unassignedStudents} />
            <ComplianceCard />
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
