import Stack from '@mui/material/Stack';
import { childInputSchema, type ChildInput } from '@school-transport/shared';
import { useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { FieldGrid, type FieldSpec } from '../../components/form/FieldGrid';
import { toMapPoint, type MapPoint } from '../../components/map/coordinates';
import { MapPointField } from '../../components/map/MapPointField';
import type { ChildPayload } from './child-form';

/** Typed as text: a number field would refuse a half-typed '-' or ','. */
const COORDINATE_INPUT = { htmlInput: { inputMode: 'decimal' } } as const;

const CHILD_FIELDS: readonly FieldSpec<ChildInput>[] = [
  { name: 'name', label: 'Child Name' },
  { name: 'nfcTagId', label: 'NFC Tag ID' },
  { name: 'class', label: 'Class' },
  { name: 'rollNo', label: 'Roll No' },
  { name: 'pickupAndDropLat', label: 'Latitude', slotProps: COORDINATE_INPUT },
  { name: 'pickupAndDropLng', label: 'Longitude', slotProps: COORDINATE_INPUT },
  { name: 'pickupDropAddress', label: 'Pickup Address', multiline: true, minRows: 2, span: 12 },
];

interface ChildFormFieldsProps {
  control: Control<ChildInput, unknown, ChildPayload>;
  /** Writes a position picked on the map into the coordinate fields. */
  setValue: UseFormSetValue<ChildInput>;
}

/**
 * A child's fields with the pickup point on a map, the same when enrolling a family, adding or editing a child
 * on the parent's page and updating a student. The typed coordinates are what is saved: the map shows them and
 * a click fills them in, so the form works without map tiles.
 */
export function ChildFormFields({ control, setValue }: ChildFormFieldsProps) {
  const [latitude, longitude] = useWatch({ control, name: ['pickupAndDropLat', 'pickupAndDropLng'] });

  const pick = ({ lat, lng }: MapPoint) => {
    // Validated at once, so a 'Latitude is required' left by an earlier submit goes away with the click.
    const options = { shouldDirty: true, shouldValidate: true };
    setValue('pickupAndDropLat', String(lat), options);
    setValue('pickupAndDropLng', String(lng), options);
  };

  return (
    <Stack spacing={2}>
      <FieldGrid control={control} schema={childInputSchema} fields={CHILD_FIELDS} />
      <MapPointField
        point={toMapPoint(latitude, longitude)}
        onPick={pick}
        label="Pickup location map"
        hint="Click the map to set the pickup point, or type its latitude and longitude."
        height={260}
      />
    </Stack>
  );
}
