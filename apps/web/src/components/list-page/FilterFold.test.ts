import { describe, expect, it } from 'vitest';
import { activeFilterCount, filtersButtonLabel } from './FilterFold';

describe('the folded filters button', () => {
  it('counts the filters that are set, not those left empty', () => {
    expect(activeFilterCount({})).toBe(0);
    expect(activeFilterCount({ status: 'STARTED', type: undefined, dateFrom: '' })).toBe(1);
    expect(activeFilterCount({ status: 'STARTED', type: 'PICKUP', dateFrom: '2026-03-02' })).toBe(3);
  });

  it('says how many are set only when there are some', () => {
    expect(filtersButtonLabel(0)).toBe('Filters');
    expect(filtersButtonLabel(2)).toBe('Filters (2)');
  });
});
