import Stack from '@mui/material/Stack';
import { childInputSchema, type ChildInput } from '@school-transport/shared';
import type { Control, UseFormSetValue } from 'react-hook-form';
import { FieldGrid, type FieldSpec } from '../../components/form/FieldGrid';
import { FormCheckboxField } from '../../components/form/FormCheckboxField';
import { FormSelectField } from '../../components/form/FormSelectField';
import { COORDINATE_INPUT, CoordinatesMapField } from '../../components/map/CoordinatesMapField';
import { AddressSearchField } from './AddressSearchField';
import type { ChildPayload } from './child-form';

const CHILD_FIELDS: readonly FieldSpec<ChildInput>[] = [
  { name: 'name', label: 'Child Name' },
  { name: 'nfcTagId', label: 'NFC Tag ID' },
  { name: 'class', label: 'Class' },
  { name: 'rollNo', label: 'Roll No' },
];

/** The address's structured parts, beside its free line: they narrow the geocoder's search (decision 072). */
const ADDRESS_PARTS: readonly FieldSpec<ChildInput>[] = [
  { name: 'addressPostcode', label: 'Postcode', span: 4 },
  { name: 'addressCity', label: 'City', span: 4 },
  { name: 'addressCountry', label: 'Country code', placeholder: 'GB', span: 4 },
];

const POINT_FIELDS: readonly FieldSpec<ChildInput>[] = [
  { name: 'pickupAndDropLat', label: 'Latitude', slotProps: COORDINATE_INPUT },
  { name: 'pickupAndDropLng', label: 'Longitude', slotProps: COORDINATE_INPUT },
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
  // A point clicked on the map is the office's own: the geocoder never overwrites it.
  const byHand = ((name, value, options) => {
    setValue(name, value, options);
    setValue('homeSource', 'HAND', { shouldDirty: true });
  }) as UseFormSetValue<ChildInput>;
  return (
    <Stack spacing={2}>
      <FieldGrid control={control} schema={childInputSchema} fields={CHILD_FIELDS} />
      <AddressSearchField control={control} setValue={setValue} />
      <FieldGrid control={control} schema={childInputSchema} fields={ADDRESS_PARTS} />
      <FieldGrid control={control} schema={childInputSchema} fields={POINT_FIELDS} />
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
        setValue={byHand}
        names={['pickupAndDropLat', 'pickupAndDropLng']}
        label="Pickup location map"
        hint="Click the map to set the home point yourself (the geocoder never moves it), or type it; leave both empty to have the address placed."
        height={260}
      />
    </Stack>
  );
}
