import { auditQuerySchema } from '@school-transport/shared';
import { DayRangeFilters } from '../../components/list-page/DayRangeFilters';
import { TextFilter } from '../../components/list-page/filter-fields';
import { FilterFold } from '../../components/list-page/FilterFold';
import type { FilterControlsProps } from '../../components/list-page/list-filters';

/** The audit log's filters and the address parameters that hold them (those of the API's query). */
export const AUDIT_FILTERS = {
  actor: auditQuerySchema.shape.actor,
  dateFrom: auditQuerySchema.shape.dateFrom,
  dateTo: auditQuerySchema.shape.dateTo,
};

export type AuditFilterName = keyof typeof AUDIT_FILTERS;

/** Who acted (part of their e-mail address) and a range of days, in the audit log's toolbar (on a phone, folded). */
export function AuditFilters({ filters, onChange }: FilterControlsProps<AuditFilterName>) {
  return (
    <FilterFold filters={filters}>
      <TextFilter
        key={filters.actor ?? ''}
        label="Person"
        placeholder="Email address"
        value={filters.actor}
        onChange={(value) => onChange('actor', value)}
      />
      <DayRangeFilters filters={filters} onChange={onChange} />
    </FilterFold>
  );
}
