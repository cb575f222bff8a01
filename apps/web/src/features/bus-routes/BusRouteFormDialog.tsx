import { busRouteInputSchema, type BusRoute, type BusRouteInput } from '@school-transport/shared';
import type { FieldSpec } from '../../components/form/FieldGrid';
import { SchemaFormDialog } from '../../components/form/SchemaFormDialog';
import { useSaveBusRoute } from './bus-routes-api';

/** Form values are the typed text; the schema turns distance and duration into numbers on submit. */
function formValues(route: BusRoute | undefined): BusRouteInput {
  return {
    name: route?.name ?? '',
    startLocation: route?.startLocation ?? '',
    endLocation: route?.endLocation ?? '',
    distanceKm: route ? String(route.distanceKm) : '',
    durationMin: route ? String(route.durationMin) : '',
  };
}

const BUS_ROUTE_FIELDS: readonly FieldSpec<BusRouteInput>[] = [
  { name: 'name', label: 'Route Name', span: 12 },
  { name: 'startLocation', label: 'Start Location' },
  { name: 'endLocation', label: 'End Location' },
  {
    name: 'distanceKm',
    label: 'Distance (KM)',
    type: 'number',
    slotProps: { htmlInput: { min: 0.01, step: 0.01 } },
  },
  {
    name: 'durationMin',
    label: 'Duration (minutes)',
    type: 'number',
    slotProps: { htmlInput: { min: 1, max: 1440, step: 1 } },
  },
];

interface BusRouteFormDialogProps {
  /** The route to edit; a new one is added without it. */
  route?: BusRoute;
  onClose: () => void;
}

export function BusRouteFormDialog({ route, onClose }: BusRouteFormDialogProps) {
  const save = useSaveBusRoute();
  return (
    <SchemaFormDialog
      title={route ? 'Edit Route' : 'Add New Route'}
      submitLabel={route ? 'Save Changes' : 'Add Route'}
      schema={busRouteInputSchema}
      values={formValues(route)}
      fields={BUS_ROUTE_FIELDS}
      onSave={(payload) => save.mutateAsync({ id: route?.id, payload })}
      onClose={onClose}
    />
  );
}
