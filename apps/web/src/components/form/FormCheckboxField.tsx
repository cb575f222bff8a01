import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Typography from '@mui/material/Typography';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

interface FormCheckboxFieldProps<TValues extends FieldValues, TOutput> {
  control: Control<TValues, unknown, TOutput>;
  /** A field the schema reads as a boolean. */
  name: FieldPath<TValues>;
  label: string;
}

/**
 * A form's yes-or-no field: a checkbox bound to the form, its label beside it. A plain label element rather than
 * MUI's FormControlLabel, which the forms that load with the first screen's route list would otherwise share as
 * one more chunk.
 */
export function FormCheckboxField<TValues extends FieldValues, TOutput>({
  control,
  name,
  label,
}: FormCheckboxFieldProps<TValues, TOutput>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, onChange, ...field } }) => (
        <Box component="label" sx={{ display: 'inline-flex', alignItems: 'center', cursor: 'pointer' }}>
          <Checkbox
            {...field}
            slotProps={{ input: { ref } }}
            checked={value === true}
            onChange={(event) => onChange(event.target.checked)}
          />
          <Typography component="span">{label}</Typography>
        </Box>
      )}
    />
  );
}
