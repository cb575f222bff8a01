import Grid from '@mui/material/Grid';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField, type FormTextFieldProps } from './FormTextField';
import { isRequiredField } from './required-fields';

/** One field of a FieldGrid: its name, label and any text-field props, plus its width. */
export type FieldSpec<TValues extends FieldValues> = Omit<
  FormTextFieldProps<TValues, unknown>,
  'control' | 'required'
> & {
  /** Columns (of 12) it takes from small screens up; on a phone every field is full width. 6 by default. */
  span?: 4 | 6 | 12;
};

interface FieldGridProps<TValues extends FieldValues, TOutput> {
  control: FormTextFieldProps<TValues, TOutput>['control'];
  /** The schema the form validates with: it says which fields are required (and get an asterisk). */
  schema: z.ZodObject;
  fields: readonly FieldSpec<TValues>[];
}

/** A form's text fields laid out in a grid, each marked required exactly when the schema requires it. */
export function FieldGrid<TValues extends FieldValues, TOutput>({
  control,
  schema,
  fields,
}: FieldGridProps<TValues, TOutput>) {
  return (
    <Grid container spacing={2}>
      {fields.map(({ span = 6, ...field }) => (
        <Grid key={field.name} size={{ xs: 12, sm: span }}>
          <FormTextField
            // These are other people's details: the browser's suggestions would be the admin's own.
            autoComplete="off"
            {...field}
            control={control}
            required={isRequiredField(schema, field.name)}
          />
        </Grid>
      ))}
    </Grid>
  );
}
