import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { SEARCH_MAX } from '@school-transport/shared';
import { useState } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useResourceList } from '../../lib/api/resource-api';
import { useDebouncedValue } from '../../lib/time/use-debounced-value';

/** A page of matches is plenty to choose from: typing narrows the rest down. */
const OPTIONS_LIMIT = 20;

interface FormSearchSelectProps<TValues extends FieldValues, TOutput, T extends { id: string }> {
  control: Control<TValues, unknown, TOutput>;
  /** The field holding the chosen record's id (null when none is chosen). */
  name: FieldPath<TValues>;
  label: string;
  /** The API resource searched (`/api/{resource}/get-all?search=…`), as its list screen searches it. */
  resource: string;
  optionLabel: (option: T) => string;
  required?: boolean;
  /** Under the field while it has no error, e.g. what leaving it empty means. */
  helperText?: string;
}

/**
 * A form's choice of one record of a resource, searched on the server as the user types (so a fleet of any size
 * can be chosen from, not only its first page), bound to the form as the record's id; the field's validation
 * message underneath. Clearing it sets null.
 */
export function FormSearchSelect<TValues extends FieldValues, TOutput, T extends { id: string }>({
  control,
  name,
  label,
  resource,
  optionLabel,
  required,
  helperText,
}: FormSearchSelectProps<TValues, TOutput, T>) {
  const [typed, setTyped] = useState('');
  // The chosen record, kept for its label whatever the search finds now.
  const [chosen, setChosen] = useState<T | null>(null);
  const search = useDebouncedValue(typed.trim().slice(0, SEARCH_MAX));
  const { rows, isFetching, isError } = useResourceList<T>(resource, {
    page: 1,
    limit: OPTIONS_LIMIT,
    search,
  });
  const options = chosen && !rows.some((row) => row.id === chosen.id) ? [chosen, ...rows] : rows;

  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, onChange, onBlur }, fieldState: { error } }) => (
        <Autocomplete
          options={options}
          value={options.find((option) => option.id === value) ?? null}
          onChange={(_event, option) => {
            setChosen(option);
            onChange(option?.id ?? null);
          }}
          onBlur={onBlur}
          // The input shows the chosen option's label after a choice; only what the user types is a search.
          onInputChange={(_event, text, reason) => setTyped(reason === 'input' ? text : '')}
          filterOptions={(unfiltered) => unfiltered}
          getOptionLabel={optionLabel}
          isOptionEqualToValue={(option, picked) => option.id === picked.id}
          loading={isFetching}
          noOptionsText={isError ? 'Could not search: try again' : search ? 'No match' : 'None yet'}
          renderInput={(params) => (
            <TextField
              {...params}
              inputRef={ref}
              label={label}
              required={required}
              error={error !== undefined}
              helperText={error?.message ?? helperText}
            />
          )}
        />
      )}
    />
  );
}
