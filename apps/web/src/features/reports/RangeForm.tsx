import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { reportRangeSchema, type ReportRange } from '@school-transport/shared';
import { useEffect } from 'react';
import { FormDateField } from '../../components/form/FormDateField';
import { useSchemaForm } from '../../components/form/useSchemaForm';

/**
 * The days the reports cover, checked by the API's own schema (To not before From, at most a year): each problem
 * shows under its field, and Show applies the range.
 */
export function RangeForm({ range, onApply }: { range: ReportRange; onApply: (range: ReportRange) => void }) {
  const { control, submitWith, reset, isSubmitting } = useSchemaForm(reportRangeSchema, range, {
    guardLeaving: false,
  });
  // The address is the range's home: going back in history shows that range's dates in the fields too.
  useEffect(() => reset(range), [range, reset]);

  return (
    <Stack
      component="form"
      noValidate
      aria-label="Report range"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { sm: 'flex-start' } }}
      onSubmit={submitWith(async (values) => onApply(values))}
    >
      <FormDateField control={control} name="from" label="From" required />
      <FormDateField control={control} name="to" label="To" required />
      <Button type="submit" variant="contained" disabled={isSubmitting} sx={{ minWidth: 100, py: 1.8 }}>
        Show
      </Button>
    </Stack>
  );
}
