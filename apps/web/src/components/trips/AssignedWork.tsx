import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  fetchFailedMessage,
  type AssignmentDetails,
  type AssignmentSummary,
  type Trip,
} from '@school-transport/shared';
import { Link as RouterLink } from 'react-router';
import { countOf, formatTripDay } from '../../lib/time/format';
import { paths } from '../../lib/paths/paths';
import {
  RESOURCES,
  useResourceItem,
  useResourceList,
  type ListFilterValues,
} from '../../lib/api/resource-api';
import { FactList, type Fact } from '../record/FactList';
import { RetryAlert } from '../page/RetryAlert';
import { RiderList } from './RiderList';
import { TitledPanel } from '../page/TitledPanel';
import { TripStatusChip, TripTypeChip } from './TripChips';

/** A vehicle or a route: the part of an assignment a details page is about. */
type Part = 'vehicle' | 'route';

/** A vehicle or route is in at most one assignment; the first page of one row is all of it. */
const ONE = { page: 1, limit: 1, search: '' };
/** The trips list's order puts today's first, then the coming ones, then the past ones newest first. */
const TRIPS_SHOWN = { page: 1, limit: 10, search: '' };

function Loading({ label }: { label: string }) {
  return <CircularProgress size={28} aria-label={label} />;
}

/** The assignment's other parts, each linking to its own page, and the way to the assignment itself. */
function AssignmentFacts({ assignment, part }: { assignment: AssignmentSummary; part: Part }) {
  const facts: Fact[] = [
    [
      'Driver',
      <Link component={RouterLink} to={paths.drivers.details(assignment.driver.id)}>
        {assignment.driver.name}
      </Link>,
    ],
    part === 'vehicle'
      ? [
          'Route',
          <Link component={RouterLink} to={paths.busRoutes.details(assignment.route.id)}>
            {assignment.route.name}
          </Link>,
        ]
      : [
          'Vehicle',
          <Link component={RouterLink} to={paths.vehicles.details(assignment.vehicle.id)}>
            {assignment.vehicle.licensePlate}
          </Link>,
        ],
    ['Children', countOf(assignment.totalStudents, 'child', 'children')],
  ];
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <FactList facts={facts} />
      <Button component={RouterLink} to={paths.assignments.details(assignment.id)} variant="outlined">
        Open the assignment
      </Button>
    </Stack>
  );
}

function SeatedChildren({ assignmentId, part }: { assignmentId: string; part: Part }) {
  const details = useResourceItem<AssignmentDetails>(RESOURCES.assignments, assignmentId);
  if (details.isPending) return <Loading label="Loading the children" />;
  if (details.isError)
    return <RetryAlert message={fetchFailedMessage('children')} onRetry={() => void details.refetch()} />;
  return (
    <RiderList
      label={`Children on this ${part}`}
      students={details.data.students}
      emptyText="No child is seated on this assignment yet."
    />
  );
}

function AssignmentTrips({ assignmentId }: { assignmentId: string }) {
  const trips = useResourceList<Trip>(RESOURCES.trips, TRIPS_SHOWN, { assignmentId });
  if (trips.isPending) return <Loading label="Loading the trips" />;
  if (trips.isError) return <RetryAlert message={fetchFailedMessage('trips')} onRetry={trips.refetch} />;
  if (trips.rows.length === 0)
    return <Typography sx={{ color: 'text.secondary' }}>No trips for this assignment yet.</Typography>;
  return (
    <List aria-label="Recent and upcoming trips" disablePadding>
      {trips.rows.map((trip) => (
        <ListItem key={trip.id} divider disableGutters>
          <ListItemText
            primary={
              <Link component={RouterLink} to={paths.trips.details(trip.id)}>
                {formatTripDay(trip.date)}, {trip.type === 'PICKUP' ? 'pickup' : 'drop'}
              </Link>
            }
            secondary={`${trip.driver.name} · ${trip.vehicle.licensePlate}`}
          />
          <Stack direction="row" spacing={1}>
            <TripTypeChip type={trip.type} />
            <TripStatusChip status={trip.status} />
          </Stack>
        </ListItem>
      ))}
    </List>
  );
}

interface AssignedWorkProps {
  part: Part;
  /** The vehicle's or route's id. */
  id: string;
}

/**
 * What a vehicle or route is doing: its route assignment (driver and the other part, linked), the children seated
 * on it and its trips, recent and coming. Found through the assignments list filtered by the part's id.
 */
export function AssignedWork({ part, id }: AssignedWorkProps) {
  const filter: ListFilterValues = part === 'vehicle' ? { vehicleId: id } : { routeId: id };
  const assignments = useResourceList<AssignmentSummary>(RESOURCES.assignments, ONE, filter);
  const assignment = assignments.rows[0];

  return (
    <>
      <TitledPanel title="Assignment">
        {assignments.isPending ? (
          <Loading label="Loading the assignment" />
        ) : assignments.isError ? (
          <RetryAlert message={fetchFailedMessage('assignment')} onRetry={assignments.refetch} />
        ) : assignment ? (
          <AssignmentFacts assignment={assignment} part={part} />
        ) : (
          <Typography sx={{ color: 'text.secondary' }}>
            This {part} is not in any route assignment.
          </Typography>
        )}
      </TitledPanel>
      {assignment && (
        <>
          <TitledPanel title="Children">
            <SeatedChildren assignmentId={assignment.id} part={part} />
          </TitledPanel>
          <TitledPanel title="Recent and upcoming trips">
            <AssignmentTrips assignmentId={assignment.id} />
          </TitledPanel>
        </>
      )}
    </>
  );
}
