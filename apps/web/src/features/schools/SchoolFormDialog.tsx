import Stack from '@mui/material/Stack';
import { schoolInputSchema, type School, type SchoolInput } from '@school-transport/shared';
import { FieldGrid, type FieldSpec } from '../../components/form/FieldGrid';
import { FormDialog } from '../../components/form/FormDialog';
import { showServerFieldErrors } from '../../components/form/server-field-errors';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { COORDINATE_INPUT, CoordinatesMapField } from '../../components/map/CoordinatesMapField';
import { useSaveSchool } from './schools-api';

/** The browser's clock picker, whole minutes (the contract's HH:MM); the label stays above the empty field. */
const CLOCK_INPUT = { inputLabel: { shrink: true }, htmlInput: { step: 60 } } as const;

const SCHOOL_FIELDS: readonly FieldSpec<SchoolInput>[] = [
  { name: 'name', label: 'School Name', span: 12 },
  { name: 'bellTime', label: 'Bell Time', type: 'time', slotProps: CLOCK_INPUT },
  { name: 'dismissalTime', label: 'Dismissal Time', type: 'time', slotProps: CLOCK_INPUT },
  { name: 'lat', label: 'Latitude', slotProps: COORDINATE_INPUT },
  { name: 'lng', label: 'Longitude', slotProps: COORDINATE_INPUT },
  { name: 'address', label: 'Address', multiline: true, minRows: 2, span: 12 },
];
const FIELD_NAMES = SCHOOL_FIELDS.map((field) => field.name);

function formValues(school: School | undefined): SchoolInput {
  return {
    name: school?.name ?? '',
    address: school?.address ?? '',
    lat: school ? String(school.lat) : '',
    lng: school ? String(school.lng) : '',
    bellTime: school?.bellTime ?? '',
    dismissalTime: school?.dismissalTime ?? '',
  };
}

interface SchoolFormDialogProps {
  /** The school to edit; a new one is added without it. */
  school?: School;
  onClose: () => void;
}

/**
 * A school's name, bell and dismissal times, place and address. A refusal the server ties to a field (a name
 * already taken) shows under that field, where the admin fixes it.
 */
export function SchoolFormDialog({ school, onClose }: SchoolFormDialogProps) {
  const save = useSaveSchool();
  const { control, problems, submitWith, isSubmitting, setValue } = useSchemaForm(
    schoolInputSchema,
    formValues(school),
  );

  return (
    <FormDialog
      title={school ? 'Edit School' : 'Add New School'}
      submitLabel={school ? 'Save Changes' : 'Add School'}
      problems={problems}
      submitting={isSubmitting}
      onSubmit={submitWith(async (payload) => {
        try {
          await save.mutateAsync({ id: school?.id, payload });
        } catch (error) {
          if (showServerFieldErrors(error, FIELD_NAMES, control.setError)) return;
          throw error;
        }
        onClose();
      })}
      onClose={onClose}
    >
      <Stack spacing={2}>
        <FieldGrid control={control} schema={schoolInputSchema} fields={SCHOOL_FIELDS} />
        <CoordinatesMapField
          control={control}
          setValue={setValue}
          names={['lat', 'lng']}
          label="School location map"
          hint="Click the map to place the school, or type its latitude and longitude."
          height={240}
        />
      </Stack>
    </FormDialog>
  );
}
