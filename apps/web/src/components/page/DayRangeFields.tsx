import TextField from '@mui/material/TextField';
import type { ZodSafeParseResult } from 'zod';

/**
 * A From and a To day (YYYY-MM-DD) of a query checked by a shared schema (`withinDays`): each field shows the
 * schema's complaint about it under itself. The trip history's export and the drivers' timesheet use it.
 */
export function DayRangeFields({
  from,
  to,
  checked,
  onChange,
}: {
  from: string;
  to: string;
  checked: ZodSafeParseResult<unknown>;
  onChange: (field: 'from' | 'to', day: string) => void;
}) {
  const errorOf = (field: 'from' | 'to') =>
    checked.success ? undefined : checked.error.issues.find((issue) => issue.path[0] === field)?.message;
  return (
    <>
      {(['from', 'to'] as const).map((field) => (
        <TextField
          key={field}
          type="date"
          size="small"
          label={field === 'from' ? 'From' : 'To'}
          value={field === 'from' ? from : to}
          onChange={(event) => onChange(field, event.target.value)}
          error={Boolean(errorOf(field))}
          helperText={errorOf(field)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      ))}
    </>
  );
}
