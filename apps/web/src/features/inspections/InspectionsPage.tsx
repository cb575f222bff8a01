import Autocomplete from '@mui/material/Autocomplete';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Vehicle } from '@school-transport/shared';
import { PageLoader } from '../../components/shell/PageLoader';
import { RetryAlert } from '../../components/page/RetryAlert';
import { useDebouncedValue } from '../../lib/time/use-debounced-value';
import { ChecklistsPanel } from './ChecklistsPanel';
import { DefectList } from './DefectList';
import { useOpenDefects, useVehicleSearch } from './inspections-api';
import { VehiclePanel } from './VehiclePanel';

function VehiclePicker({ onPick }: { onPick: (vehicleId: string) => void }) {
  const [search, setSearch] = useState('');
  const vehicles = useVehicleSearch(useDebouncedValue(search, 250));
  return (
    <Autocomplete<Vehicle>
      options={vehicles.data ?? []}
      loading={vehicles.isFetching}
      filterOptions={(options) => options}
      getOptionLabel={(vehicle) => `${vehicle.licensePlate} · ${vehicle.type}`}
      onInputChange={(_, value) => setSearch(value)}
      onChange={(_, vehicle) => vehicle && onPick(vehicle.id)}
      renderInput={(params) => <TextField {...params} label="Vehicle" placeholder="Plate or model" />}
    />
  );
}

/**
 * The Inspections screen: open defects of every vehicle (with Close), one vehicle's inspections, defects, tag and
 * child checks (`?vehicle=…`), and the checklists per vehicle type (`?tab=checklists`).
 */
export function InspectionsPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'checklists' ? 'checklists' : 'vehicles';
  const vehicleId = params.get('vehicle');
  const defects = useOpenDefects();
  const pick = (id: string) => setParams({ vehicle: id });

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        Inspections
      </Typography>
      <Tabs
        value={tab}
        onChange={(_event, next: string) => setParams(next === 'checklists' ? { tab: 'checklists' } : {})}
        aria-label="Inspection sections"
      >
        <Tab value="vehicles" label="Vehicles" />
        <Tab value="checklists" label="Checklists" />
      </Tabs>
      {tab === 'checklists' ? (
        <ChecklistsPanel />
      ) : (
        <>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={1.5}>
              <Typography variant="h6" component="h2">
                Open defects
              </Typography>
              {defects.isPending && <PageLoader />}
              {defects.isError && <RetryAlert error={defects.error} onRetry={() => void defects.refetch()} />}
              {defects.data && <DefectList defects={defects.data} onVehicle={pick} />}
            </Stack>
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={2}>
              <VehiclePicker onPick={pick} />
              {vehicleId ? (
                <VehiclePanel vehicleId={vehicleId} />
              ) : (
                <Typography color="text.secondary">
                  Choose a vehicle to see its inspections, defects and child checks.
                </Typography>
              )}
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}
