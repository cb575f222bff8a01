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
  /** The words of a first choice that leaves the field empty (null, as a nullish schema field takes it). */
  blankLabel?: string;
  /** Under the field while it has no error. */
  helperText?: string;
}

/** A form's select: the chosen value bound to the form, the field's validation message underneath. */
export function FormSelectField<TValues extends FieldValues, TOutput>({
  control,
  name,
  label,
  options,
  required,
  blankLabel,
  helperText,
}: FormSelectFieldProps<TValues, TOutput>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, onChange, ...field }, fieldState: { error } }) => (
        <TextField
          select
          label={label}
          {...field}
          // The blank choice is '' on screen and null in the form.
          value={value ?? ''}
          onChange={(event) => onChange(blankLabel !== undefined && event.target.value === '' ? null : event)}
          inputRef={ref}
          error={error !== undefined}
          helperText={error?.message ?? helperText}
          required={required}
          fullWidth
        >
          {blankLabel !== undefined && <MenuItem value="">{blankLabel}</MenuItem>}
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
