import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TripDetails } from '@school-transport/shared';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { FactList, type Fact } from '../../components/record/FactList';
import { RiderList } from '../../components/trips/RiderList';
import { TripStatusChip, TripTypeChip } from '../../components/trips/TripChips';
import { paths } from '../../lib/paths/paths';
import { formatTripDay, formatTripMoment } from '../../lib/time/format';
import { TripActions } from './TripActions';
import { TripCombineSection } from './TripCombine';
import { delayInWords, plannedOnCoveredTrip } from './trip-format';
import { TripGate } from './TripGate';
import { TripHistory } from './TripHistory';
import { TripOverrides } from './TripOverrides';
import { TripRidership } from './TripRidership';
import { TripTime } from './TripTime';

/** A link to another trip's page: a rescue and the trip it took the children from. */
function TripLink({ id, text }: { id: string; text: string }) {
  return (
    <Link component={RouterLink} to={paths.trips.details(id)}>
      {text}
    </Link>
  );
}

const momentOrDash = (timestamp: string | null) => (timestamp ? formatTripMoment(timestamp) : '—');

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper sx={{ p: 3, height: '100%' }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * The trip as generated (route, driver and vehicle as they were that day, or the substitutes of a cover with who was
 * planned), its status and what may come next.
 */
function TripOverview({ trip }: { trip: TripDetails }) {
  const planned = plannedOnCoveredTrip(trip);
  const facts: Fact[] = [
    ...(planned ? [['Planned', planned] as const] : []),
    ['Driver', trip.driver.name],
    ['License No', trip.driver.licenseNo],
    ['Driver Phone No', trip.driver.phone],
    ['Vehicle RC No', trip.vehicle.licensePlate],
    ['Date', formatTripDay(trip.date)],
    ['Planned start', <TripTime trip={trip} />],
    ['Started', momentOrDash(trip.startedAt)],
    ['Completed', momentOrDash(trip.completedAt)],
    ['Cancelled', momentOrDash(trip.cancelledAt)],
    // The office's word on the day (decision 056): what parents were told.
    ...(trip.delay ? [['Delay', delayInWords(trip.delay)] as const] : []),
    ...(trip.finishReason ? [['Reason', trip.finishReason] as const] : []),
    ...(trip.handedOverTo
      ? [['Handed over to', <TripLink id={trip.handedOverTo} text="the rescue trip" />] as const]
      : []),
    ...(trip.rescueOf
      ? [['Rescue of', <TripLink id={trip.rescueOf} text="the trip that broke down" />] as const]
      : []),
  ];

  return (
    <Paper sx={{ p: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
          {trip.route.name}
        </Typography>
        <TripTypeChip type={trip.type} />
        <TripStatusChip status={trip.status} />
      </Box>
      <FactList facts={facts} />
      <Box sx={{ mt: 3 }}>
        <TripActions trip={trip} />
      </Box>
    </Paper>
  );
}

function TripDetailsView({ trip }: { trip: TripDetails }) {
  return (
    <Stack spacing={3}>
      <TripOverview trip={trip} />
      <TripCombineSection trip={trip} />
      <TripOverrides trip={trip} />
      <TripRidership
        tripId={trip.id}
        running={trip.status === 'STARTED'}
        driverFinished={trip.status === 'COMPLETED' && trip.handedOverTo === null}
      />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Section title={`Children (${trip.students.length})`}>
            <RiderList
              label="Children on this trip"
              students={trip.students}
              emptyText="No children: the route assignment of this trip has none, or was deleted."
            />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Section title="Status history">
            <TripHistory history={trip.history} />
          </Section>
        </Grid>
      </Grid>
    </Stack>
  );
}

export function TripDetailsPage() {
  return <TripGate title="Trip Details">{(trip) => <TripDetailsView trip={trip} />}</TripGate>;
}
