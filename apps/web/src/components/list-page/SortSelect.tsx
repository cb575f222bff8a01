import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ListSort } from '@school-transport/shared';
import type { Column } from './columns';
import { sortChoices, sortChoiceValue, sortOfChoice } from './list-sort';

interface SortSelectProps<T> {
  columns: readonly Column<T>[];
  /** The sort the list shows now (the address's, or the list's own order when a column shows it). */
  shown: ListSort;
  /** Named when the list's own order is not one a column shows (trips: by day), so it can be chosen again. */
  defaultLabel?: string;
  onChange: (sort: ListSort) => void;
}

/** 'Sort by' on a phone, where the cards have no column headers to click. */
export function SortSelect<T>({ columns, shown, defaultLabel, onChange }: SortSelectProps<T>) {
  const choices = sortChoices(columns);
  return (
    <TextField
      select
      size="small"
      label="Sort by"
      value={sortChoiceValue(shown)}
      onChange={(event) => onChange(sortOfChoice(event.target.value))}
      sx={{ minWidth: 200 }}
    >
      {(defaultLabel !== undefined || !shown.sort) && (
        <MenuItem value="">{defaultLabel ?? 'Default order'}</MenuItem>
      )}
      {choices.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
