import { routeInputSchema, type Route, type RouteInput } from '@school-transport/shared';
import { FormDialog } from '../../components/form/FormDialog';
import { FieldGrid, type FieldSpec } from '../../components/form/FieldGrid';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { useSaveRoute } from './api';

/** Form values are the typed text; the schema turns distance and duration into numbers on submit. */
function formValues(route: Route | undefined): RouteInput {
  return {
    name: route?.name ?? '',
    startLocation: route?.startLocation ?? '',
    endLocation: route?.endLocation ?? '',
    distanceKm: route ? String(route.distanceKm) : '',
    durationMin: route ? String(route.durationMin) : '',
  };
}

const ROUTE_FIELDS: readonly FieldSpec<RouteInput>[] = [
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

interface RouteFormDialogProps {
  /** The route to edit; a new one is added without it. */
  route?: Route;
  onClose: () => void;
}

export function RouteFormDialog({ route, onClose }: RouteFormDialogProps) {
  const save = useSaveRoute();
  const { control, problems, submitWith, isSubmitting } = useSchemaForm(routeInputSchema, formValues(route));

  return (
    <FormDialog
      title={route ? 'Edit Route' : 'Add New Route'}
      submitLabel={route ? 'Save Changes' : 'Add Route'}
      problems={problems}
      submitting={isSubmitting}
      onSubmit={submitWith(async (payload) => {
        await save.mutateAsync({ id: route?.id, payload });
        onClose();
      })}
      onClose={onClose}
    >
      <FieldGrid control={control} schema={routeInputSchema} fields={ROUTE_FIELDS} />
    </FormDialog>
  );
}
