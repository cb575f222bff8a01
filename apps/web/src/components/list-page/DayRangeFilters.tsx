import { DayFilter } from './filter-fields';
import type { FilterControlsProps } from './list-filters';

/** 'Date from' and 'Date to', a range of calendar days held by a list's `dateFrom` and `dateTo` filters. */
export function DayRangeFilters({ filters, onChange }: FilterControlsProps<'dateFrom' | 'dateTo'>) {
  return (
    <>
      <DayFilter
        label="Date from"
        value={filters.dateFrom}
        onChange={(value) => onChange('dateFrom', value)}
      />
      <DayFilter label="Date to" value={filters.dateTo} onChange={(value) => onChange('dateTo', value)} />
    </>
  );
}
