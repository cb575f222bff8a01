import type { FieldValues } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from './FormTextField';

/** A form's date (YYYY-MM-DD, as the API takes it), with the browser's date picker; `min` is the earliest allowed. */
export function FormDateField<TValues extends FieldValues, TOutput>({
  min,
  ...props
}: Omit<FormTextFieldProps<TValues, TOutput>, 'type' | 'slotProps'> & { min?: string }) {
  return (
    <FormTextField {...props} type="date" slotProps={{ inputLabel: { shrink: true }, htmlInput: { min } }} />
  );
}
