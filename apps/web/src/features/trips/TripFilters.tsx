import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { TRIP_STATUSES, TRIP_TYPES, tripListQuerySchema } from '@school-transport/shared';
import { DayRangeFilters } from '../../components/list-page/DayRangeFilters';
import { FilterFold } from '../../components/list-page/FilterFold';
import type { FilterControlsProps } from '../../components/list-page/list-filters';

/** The trip list's filters and the address parameters that hold them (those of the API's query). */
export const TRIP_FILTERS = {
  status: tripListQuerySchema.shape.status,
  type: tripListQuerySchema.shape.type,
  dateFrom: tripListQuerySchema.shape.dateFrom,
  dateTo: tripListQuerySchema.shape.dateTo,
};

export type TripFilterName = keyof typeof TRIP_FILTERS;

interface ChoiceFilterProps {
  label: string;
  value: string | undefined;
  choices: readonly string[];
  onChange: (value: string | undefined) => void;
}

/** A select of the allowed values, with 'All' for no filter. */
function ChoiceFilter({ label, value, choices, onChange }: ChoiceFilterProps) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || undefined)}
      sx={{ width: 150 }}
    >
      <MenuItem value="">All</MenuItem>
      {choices.map((choice) => (
        <MenuItem key={choice} value={choice}>
          {choice}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Status, type and a range of days, in the trip list's toolbar (on a phone, behind one 'Filters' button). */
export function TripFilters({ filters, onChange }: FilterControlsProps<TripFilterName>) {
  return (
    <FilterFold filters={filters}>
      <ChoiceFilter
        label="Status"
        value={filters.status}
        choices={TRIP_STATUSES}
        onChange={(value) => onChange('status', value)}
      />
      <ChoiceFilter
        label="Type"
        value={filters.type}
        choices={TRIP_TYPES}
        onChange={(value) => onChange('type', value)}
      />
      <DayRangeFilters filters={filters} onChange={onChange} />
    </FilterFold>
  );
}
