import { useWatch, type FieldValues } from 'react-hook-form';
import { formatInLocale } from '../../lib/time/format';
import { operatorLocale } from '../../lib/time/operator-locale';
import { FormTextField, type FormTextFieldProps } from './FormTextField';

const WHOLE_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A form's date (YYYY-MM-DD, as the API takes it), with the browser's date picker; `min` is the earliest allowed.
 * The browser draws the picker in its own language, which the page cannot choose, so the chosen day is also
 * written under it the operator's way ('Monday, 2 March 2026'), as tables and messages write it.
 */
export function FormDateField<TValues extends FieldValues, TOutput>({
  min,
  helperText,
  ...props
}: Omit<FormTextFieldProps<TValues, TOutput>, 'type' | 'slotProps'> & { min?: string }) {
  const value: unknown = useWatch({ control: props.control, name: props.name });
  const reading =
    typeof value === 'string' && WHOLE_DAY.test(value) ? formatInLocale(value, 'longDay') : null;
  return (
    <FormTextField
      {...props}
      type="date"
      helperText={[reading, helperText].filter(Boolean).join('. ') || undefined}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min, lang: operatorLocale() } }}
    />
  );
}
