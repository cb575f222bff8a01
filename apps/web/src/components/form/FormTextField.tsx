import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export type FormTextFieldProps<TValues extends FieldValues, TOutput> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'
> & {
  control: Control<TValues, unknown, TOutput>;
  name: FieldPath<TValues>;
  label: string;
};

/**
 * A form's text field: the label (with an asterisk when `required`), the value bound to the form and the
 * field's validation message underneath.
 */
export function FormTextField<TValues extends FieldValues, TOutput>({
  control,
  name,
  helperText,
  ...textFieldProps
}: FormTextFieldProps<TValues, TOutput>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, ...field }, fieldState: { error } }) => (
        <TextField
          {...textFieldProps}
          {...field}
          // The form focuses the first invalid field through the input itself, not MUI's wrapper.
          inputRef={ref}
          value={value ?? ''}
          error={error !== undefined}
          helperText={error?.message ?? helperText}
          fullWidth
        />
      )}
    />
  );
}
