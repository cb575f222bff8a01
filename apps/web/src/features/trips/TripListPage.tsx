import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import type { Trip } from '@school-transport/shared';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Column } from '../../components/list-page/columns';
import { useListFilters } from '../../components/list-page/list-filters';
import { ListPage } from '../../components/list-page/ListPage';
import { TripStatusChip, TripTypeChip } from '../../components/trips/TripChips';
import { paths } from '../../lib/paths/paths';
import { RESOURCES } from '../../lib/api/resource-api';
import { GenerateTripsDialog } from './GenerateTripsDialog';
import { driverWithLicence, tripDateLabel } from './trip-format';
import { TRIP_FILTERS, TripFilters } from './TripFilters';
import { TripTime } from './TripTime';
import { MayUse } from '../../lib/session/MayUse';

const COLUMNS: Column<Trip>[] = [
  { header: 'Route', sort: 'routeName', cell: (trip) => trip.route.name },
  { header: 'Driver (license no)', sort: 'driverName', cell: (trip) => driverWithLicence(trip.driver) },
  { header: 'Driver Phone No', nowrap: true, cell: (trip) => trip.driver.phone },
  { header: 'Vehicle RC No', cell: (trip) => trip.vehicle.licensePlate },
  { header: 'Type', card: 'field', cell: (trip) => <TripTypeChip type={trip.type} /> },
  {
    header: 'Status',
    sort: 'status',
    card: 'field',
    cell: (trip) => <TripStatusChip status={trip.status} />,
  },
  { header: 'Date', sort: 'date', nowrap: true, card: 'field', cell: (trip) => tripDateLabel(trip) },
  { header: 'Time', nowrap: true, cell: (trip) => <TripTime trip={trip} /> },
  {
    header: 'Actions',
    align: 'right',
    // The view button opens the trip's own page.
    cell: (trip) => (
      <IconButton
        component={RouterLink}
        to={paths.trips.details(trip.id)}
        aria-label={`View the ${trip.type} trip of ${trip.route.name}`}
      >
        <VisibilityOutlinedIcon />
      </IconButton>
    ),
  },
];

/** Trips are generated, not added: the list offers 'Generate trips' instead of 'Add New …'. */
export function TripListPage() {
  const [generating, setGenerating] = useState(false);
  const { filters, setFilter } = useListFilters(TRIP_FILTERS);

  return (
    <>
      <ListPage
        title="All Trips"
        resource={RESOURCES.trips}
        columns={COLUMNS}
        searchPlaceholder="Route, driver license or RC no"
        defaultSortLabel="By day: today, upcoming, past"
        filters={filters}
        filterControls={<TripFilters filters={filters} onChange={setFilter} />}
        headerAction={
          // Generating makes the day's trips from the plan: administrators only (decision 077).
          <MayUse access="admin">
            <Button variant="contained" startIcon={<EventRepeatIcon />} onClick={() => setGenerating(true)}>
              Generate trips
            </Button>
          </MayUse>
        }
      />
      {generating && <GenerateTripsDialog onClose={() => setGenerating(false)} />}
    </>
  );
}
