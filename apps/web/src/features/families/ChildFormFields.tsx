import Stack from '@mui/material/Stack';
import { childInputSchema, type ChildInput } from '@school-transport/shared';
import type { Control, UseFormSetValue } from 'react-hook-form';
import { FieldGrid, type FieldSpec } from '../../components/form/FieldGrid';
import { FormCheckboxField } from '../../components/form/FormCheckboxField';
import { FormSelectField } from '../../components/form/FormSelectField';
import { COORDINATE_INPUT, CoordinatesMapField } from '../../components/map/CoordinatesMapField';
import type { ChildPayload } from './child-form';

const CHILD_FIELDS: readonly FieldSpec<ChildInput>[] = [
  { name: 'name', label: 'Child Name' },
  { name: 'nfcTagId', label: 'NFC Tag ID' },
  { name: 'class', label: 'Class' },
  { name: 'rollNo', label: 'Roll No' },
  { name: 'pickupAndDropLat', label: 'Latitude', slotProps: COORDINATE_INPUT },
  { name: 'pickupAndDropLng', label: 'Longitude', slotProps: COORDINATE_INPUT },
  { name: 'pickupDropAddress', label: 'Pickup Address', multiline: true, minRows: 2, span: 12 },
];

/** The operator's rule is by class (HAND_OVER_CLASSES, HAND_OVER_UP_TO_GRADE); a child may be set apart from it. */
const HAND_OVER_OPTIONS = [
  { value: 'RULE', label: 'By the operator’s rule for the class' },
  { value: 'ALWAYS', label: 'Always hand to an authorized adult' },
  { value: 'NEVER', label: 'Never (may leave alone)' },
] as const;

interface ChildFormFieldsProps {
  control: Control<ChildInput, unknown, ChildPayload>;
  /** Writes a position picked on the map into the coordinate fields. */
  setValue: UseFormSetValue<ChildInput>;
}

/**
 * A child's fields (door to door: the route planner never moves such a child to a shared stop) with the pickup
 * point on a map, the same when enrolling a family, adding or editing a child
 * on the parent's page and updating a student. The typed coordinates are what is saved: the map shows them and
 * a click fills them in, so the form works without map tiles.
 */
export function ChildFormFields({ control, setValue }: ChildFormFieldsProps) {
  return (
    <Stack spacing={2}>
      <FieldGrid control={control} schema={childInputSchema} fields={CHILD_FIELDS} />
      <FormCheckboxField
        control={control}
        name="doorToDoor"
        label="Door to door (special needs: always picked up at home)"
      />
      <FormSelectField
        control={control}
        name="handOver"
        label="Hand-over at drop-off"
        options={HAND_OVER_OPTIONS}
        helperText="Whether the driver must hand the child to an authorized adult at their stop."
      />
      <CoordinatesMapField
        control={control}
        setValue={setValue}
        names={['pickupAndDropLat', 'pickupAndDropLng']}
        label="Pickup location map"
        hint="Click the map to set the pickup point, or type its latitude and longitude."
        height={260}
      />
    </Stack>
  );
}
