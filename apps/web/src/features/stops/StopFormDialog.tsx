import Stack from '@mui/material/Stack';
import { STOP_NOTE_MAX, stopInputSchema, type Stop, type StopInput } from '@school-transport/shared';
import { FieldGrid, type FieldSpec } from '../../components/form/FieldGrid';
import { FormDialog } from '../../components/form/FormDialog';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { COORDINATE_INPUT, CoordinatesMapField } from '../../components/map/CoordinatesMapField';
import { StopPhotoField } from './StopPhotoField';
import { useSaveStop } from './stops-api';

const STOP_FIELDS: readonly FieldSpec<StopInput>[] = [
  { name: 'name', label: 'Stop Name', span: 12 },
  { name: 'lat', label: 'Latitude', slotProps: COORDINATE_INPUT },
  { name: 'lng', label: 'Longitude', slotProps: COORDINATE_INPUT },
  { name: 'address', label: 'Address', multiline: true, minRows: 2, span: 12 },
  {
    name: 'note',
    label: 'Note for drivers',
    multiline: true,
    minRows: 2,
    span: 12,
    helperText: `What a driver new to the stop needs: a gate code, where to wait. At most ${STOP_NOTE_MAX} characters.`,
  },
];

function formValues(stop: Stop | undefined): StopInput {
  return {
    name: stop?.name ?? '',
    lat: stop ? String(stop.lat) : '',
    lng: stop ? String(stop.lng) : '',
    address: stop?.address ?? '',
    note: stop?.note ?? '',
  };
}

interface StopFormDialogProps {
  /** The stop to edit; a new one is added without it. */
  stop?: Stop;
  onClose: () => void;
}

/**
 * A stop's name, place, address and note for drivers; the map shows the typed coordinates and a click fills them
 * in. A stop that exists also has its photo here (a new one gets it once saved: the upload names the record).
 */
export function StopFormDialog({ stop, onClose }: StopFormDialogProps) {
  const save = useSaveStop();
  const { control, problems, submitWith, isSubmitting, setValue } = useSchemaForm(
    stopInputSchema,
    formValues(stop),
  );
  return (
    <FormDialog
      title={stop ? 'Edit Stop' : 'Add New Stop'}
      submitLabel={stop ? 'Save Changes' : 'Add Stop'}
      problems={problems}
      submitting={isSubmitting}
      onSubmit={submitWith(async (payload) => {
        await save.mutateAsync({ id: stop?.id, payload });
        onClose();
      })}
      onClose={onClose}
    >
      <Stack spacing={2}>
        <FieldGrid control={control} schema={stopInputSchema} fields={STOP_FIELDS} />
        <CoordinatesMapField
          control={control}
          setValue={setValue}
          names={['lat', 'lng']}
          label="Stop location map"
          hint="Click the map to place the stop, or type its latitude and longitude."
          height={240}
        />
        {stop && <StopPhotoField stop={stop} />}
      </Stack>
    </FormDialog>
  );
}
