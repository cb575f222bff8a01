import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

interface FilterFieldProps {
  label: string;
  /** The filter's value in the address; undefined when not set. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}

/** A calendar day, from the browser's date picker, as the API takes it ('2026-03-02'). */
export function DayFilter({ label, value, onChange }: FilterFieldProps) {
  return (
    <TextField
      type="date"
      size="small"
      label={label}
      value={value ?? ''}
      // A date input reports '' until a whole date is typed: the filter then waits for it.
      onChange={(event) => onChange(event.target.value || undefined)}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ width: 170 }}
    />
  );
}

/**
 * Free text, applied like the search box: on Enter, and also when the field is left, so that a name typed before
 * picking a date is not lost. Key it by `value` so that back and forward put the address's text back in the box.
 */
export function TextFilter({
  label,
  value,
  onChange,
  placeholder,
}: FilterFieldProps & { placeholder?: string }) {
  const [text, setText] = useState(value ?? '');
  const apply = () => {
    const next = text.trim() || undefined;
    if (next !== value) onChange(next);
  };

  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <TextField
        size="small"
        label={label}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={apply}
        sx={{ width: 220 }}
      />
    </Box>
  );
}
