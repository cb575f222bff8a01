import {
  useWatch,
  type Control,
  type FieldPath,
  type FieldValues,
  type PathValue,
  type UseFormSetValue,
} from 'react-hook-form';
import { toMapPoint, type MapPoint } from './coordinates';
import { MapPointField } from './MapPointField';

/** Props of a coordinate text field: typed as text, since a number field would refuse a half-typed '-' or ','. */
export const COORDINATE_INPUT = { htmlInput: { inputMode: 'decimal' } } as const;

interface CoordinatesMapFieldProps<TValues extends FieldValues, TOutput> {
  control: Control<TValues, unknown, TOutput>;
  setValue: UseFormSetValue<TValues>;
  /** The form's latitude and longitude fields: the typed text is what is saved. */
  names: readonly [latitude: FieldPath<TValues>, longitude: FieldPath<TValues>];
  /** The map's accessible name. */
  label: string;
  /** What a click does, said under the map. */
  hint: string;
  height: number;
}

/**
 * The map under a form's latitude and longitude fields: it shows the typed point and a click fills both fields
 * in, so the form still works without map tiles.
 */
export function CoordinatesMapField<TValues extends FieldValues, TOutput>({
  control,
  setValue,
  names: [latitudeName, longitudeName],
  ...map
}: CoordinatesMapFieldProps<TValues, TOutput>) {
  const [latitude, longitude] = useWatch({ control, name: [latitudeName, longitudeName] });

  const pick = ({ lat, lng }: MapPoint) => {
    // Validated at once, so a 'Latitude is required' left by an earlier submit goes away with the click.
    const options = { shouldDirty: true, shouldValidate: true };
    // The fields hold text (what was typed); the form's schema reads it as a number.
    setValue(latitudeName, String(lat) as PathValue<TValues, typeof latitudeName>, options);
    setValue(longitudeName, String(lng) as PathValue<TValues, typeof longitudeName>, options);
  };

  return <MapPointField point={toMapPoint(latitude, longitude)} onPick={pick} {...map} />;
}
