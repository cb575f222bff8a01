import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { SEARCH_MAX } from '@school-transport/shared';
import { useState } from 'react';
import { FactList, type Fact } from '../../components/record/FactList';
import { useDebouncedValue } from '../../lib/time/use-debounced-value';
import { useFreeList } from './useFreeList';

/** As many as the API gives at once: a search narrows the rest down. */
const OPTIONS_LIMIT = 100;

export interface PartSelectProps<T extends { id: string }> {
  label: string;
  /** The API resource the free ones come from (`?unassigned=true`). */
  resource: string;
  value: T | null;
  onChange: (value: T | null) => void;
  optionLabel: (option: T) => string;
  /** What the chosen one is shown with (a route's start, end, distance and duration…). */
  describe: (option: T) => readonly Fact[];
  /** The assignment's own, offered beside the free ones when an assignment is being changed. */
  current?: T;
  /** Why the form cannot be sent without it, shown once a submit has found it missing. */
  missingText?: string;
}

const byId = <T extends { id: string }>(options: readonly (T | null | undefined)[]): T[] => {
  const seen = new Set<string>();
  return options.filter((option): option is T => {
    if (!option || seen.has(option.id)) return false;
    seen.add(option.id);
    return true;
  });
};

/**
 * A select of the free drivers, vehicles or routes, searched on the server as the user types (over the same
 * fields as its list screen: a driver's licence or phone, a vehicle's plate), with the chosen one's details under it.
 */
export function PartSelect<T extends { id: string }>({
  label,
  resource,
  value,
  onChange,
  optionLabel,
  describe,
  current,
  missingText,
}: PartSelectProps<T>) {
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim().slice(0, SEARCH_MAX));
  const { rows, isFetching } = useFreeList<T>(resource, { page: 1, limit: OPTIONS_LIMIT, search });
  // The chosen and the current one stay offered whatever the search, so the select can always show them.
  const options = byId([value, current, ...rows]);

  return (
    <Box>
      <Autocomplete
        options={options}
        value={value}
        onChange={(_event, chosen) => onChange(chosen)}
        // The input shows the chosen option's label after a choice; only what the user types is a search.
        onInputChange={(_event, text, reason) => setTyped(reason === 'input' ? text : '')}
        filterOptions={(unfiltered) => unfiltered}
        getOptionLabel={optionLabel}
        isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
        loading={isFetching}
        noOptionsText={search ? `No free ${label.toLowerCase()} matches` : `No free ${label.toLowerCase()}`}
        renderInput={(params) => (
          <TextField
            {...params}
            label={label}
            required
            error={missingText !== undefined}
            helperText={missingText}
          />
        )}
      />
      {value && (
        <Box sx={{ mt: 2 }}>
          <FactList facts={describe(value)} />
        </Box>
      )}
    </Box>
  );
}
