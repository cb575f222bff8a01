import Grid from '@mui/material/Grid';
import { assignmentInputSchema, type Driver, type BusRoute, type Vehicle } from '@school-transport/shared';
import { RESOURCES } from '../../lib/api/resource-api';
import { busRouteFacts, driverFacts, vehicleFacts } from './part-facts';
import { PartSelect } from './PartSelect';
import type { AssignmentParts, PartName } from './useAssignmentDraft';

/** The schema's own words for a part left out ('Please choose a route'), so the form and the API agree. */
function missingText(field: keyof typeof assignmentInputSchema.shape): string | undefined {
  return assignmentInputSchema.shape[field].safeParse('').error?.issues[0]?.message;
}

interface PartSelectsProps {
  parts: AssignmentParts;
  onChoose: <Name extends PartName>(name: Name, value: AssignmentParts[Name]) => void;
  /** An existing assignment's own route, vehicle and driver, offered beside the free ones. */
  current?: { route: BusRoute; vehicle: Vehicle; driver: Driver };
  /** After a submit: the parts still missing say so under their select. */
  showMissing: boolean;
}

/** The route, vehicle and driver selects, each with the chosen one's details. */
export function PartSelects({ parts, onChoose, current, showMissing }: PartSelectsProps) {
  const missing = (name: PartName, field: keyof typeof assignmentInputSchema.shape) =>
    showMissing && parts[name] === null ? missingText(field) : undefined;

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 4 }}>
        <PartSelect
          label="Route"
          resource={RESOURCES.busRoutes}
          value={parts.route}
          onChange={(route) => onChoose('route', route)}
          optionLabel={(route) => route.name}
          describe={busRouteFacts}
          current={current?.route}
          missingText={missing('route', 'routeId')}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <PartSelect
          label="Vehicle"
          resource={RESOURCES.vehicles}
          value={parts.vehicle}
          onChange={(vehicle) => onChoose('vehicle', vehicle)}
          optionLabel={(vehicle) => `${vehicle.licensePlate} (${vehicle.capacity} seats)`}
          describe={vehicleFacts}
          current={current?.vehicle}
          missingText={missing('vehicle', 'vehicleId')}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <PartSelect
          label="Driver"
          resource={RESOURCES.drivers}
          value={parts.driver}
          onChange={(driver) => onChoose('driver', driver)}
          optionLabel={(driver) => `${driver.user.name} (${driver.licenseNo})`}
          describe={driverFacts}
          current={current?.driver}
          missingText={missing('driver', 'driverId')}
        />
      </Grid>
    </Grid>
  );
}
