import PrintIcon from '@mui/icons-material/Print';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RUN_NAMES, SEARCH_MAX, TRIP_TYPES, type BusRoute, type TripType } from '@school-transport/shared';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths/paths';
import { RESOURCES, useResourceList } from '../../lib/api/resource-api';
import { useDebouncedValue } from '../../lib/time/use-debounced-value';
import { capitalised } from './report-views';

/** As many routes as the API gives at once: typing searches the rest on the server. */
const OPTIONS_LIMIT = 100;

/** The address of a route's printable manifest. */
export const manifestPath = (routeId: string, run: TripType) =>
  `${paths.reports.manifest}?${new URLSearchParams({ routeId, run })}`;

/** Choose a route and its morning or afternoon run, then open the manifest's print view. */
export function ManifestPicker() {
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim().slice(0, SEARCH_MAX));
  const { rows, isFetching } = useResourceList<BusRoute>(RESOURCES.busRoutes, {
    page: 1,
    limit: OPTIONS_LIMIT,
    search,
  });
  const [route, setRoute] = useState<BusRoute | null>(null);
  const [run, setRun] = useState<TripType>('PICKUP');
  const headingId = useId();

  return (
    <Paper component="section" sx={{ p: 2 }} aria-labelledby={headingId}>
      <Typography variant="h6" component="h2" id={headingId} sx={{ mb: 2 }}>
        Printable manifest
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Autocomplete
          sx={{ flex: 1, minWidth: 0 }}
          options={route && !rows.some((row) => row.id === route.id) ? [route, ...rows] : rows}
          value={route}
          loading={isFetching}
          onChange={(_, value) => setRoute(value)}
          onInputChange={(_, value, reason) => reason === 'input' && setTyped(value)}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          renderInput={(params) => <TextField {...params} label="Route" />}
        />
        <TextField
          select
          label="Run"
          value={run}
          onChange={(event) => setRun(event.target.value as TripType)}
          sx={{ minWidth: 180 }}
        >
          {TRIP_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {capitalised(RUN_NAMES[type])}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="contained"
          startIcon={<PrintIcon />}
          disabled={!route}
          component={RouterLink}
          to={route ? manifestPath(route.id, run) : paths.reports.list}
          sx={{ py: 1.8 }}
        >
          Open manifest
        </Button>
      </Stack>
    </Paper>
  );
}
