import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

interface FormSelectFieldProps<TValues extends FieldValues, TOutput> {
  control: Control<TValues, unknown, TOutput>;
  name: FieldPath<TValues>;
  label: string;
  /** The choices, each a value the schema takes and its words. */
  options: readonly { value: string; label: string }[];
  required?: boolean;
}

/** A form's select: the chosen value bound to the form, the field's validation message underneath. */
export function FormSelectField<TValues extends FieldValues, TOutput>({
  control,
  name,
  label,
  options,
  required,
}: FormSelectFieldProps<TValues, TOutput>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, ...field }, fieldState: { error } }) => (
        <TextField
          select
          label={label}
          {...field}
          inputRef={ref}
          error={error !== undefined}
          helperText={error?.message}
          required={required}
          fullWidth
        >
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
