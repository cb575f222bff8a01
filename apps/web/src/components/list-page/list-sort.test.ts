import { describe, expect, it } from 'vitest';
import type { Column } from './columns';
import { nextSort, shownSort, sortChoices, sortChoiceValue, sortKeysOf, sortOfChoice } from './list-sort';

const columns: Column<{ name: string }>[] = [
  { header: 'Name', sort: 'name', cell: (row) => row.name },
  { header: 'Photo', cell: () => null },
  { header: 'Listed From', sort: 'createdAt', cell: () => null },
];

describe('sorting a list by its columns', () => {
  it('offers the columns that name a sort, in column order', () => {
    expect(sortKeysOf(columns)).toEqual(['name', 'createdAt']);
  });

  it('shows the address sort, or else the list own order', () => {
    expect(shownSort({ sort: 'name' })).toEqual({ sort: 'name', order: 'asc' });
    expect(shownSort({}, { sort: 'createdAt', order: 'desc' })).toEqual({ sort: 'createdAt', order: 'desc' });
    expect(shownSort({})).toEqual({});
  });

  it('turns a sorted column round on a click, and starts another ascending', () => {
    expect(nextSort({ sort: 'name', order: 'asc' }, 'name')).toEqual({ sort: 'name', order: 'desc' });
    expect(nextSort({ sort: 'name', order: 'desc' }, 'name')).toEqual({ sort: 'name', order: 'asc' });
    expect(nextSort({ sort: 'createdAt', order: 'desc' }, 'name')).toEqual({ sort: 'name', order: 'asc' });
  });

  it("gives a phone's Sort by each column both ways, and reads its choice back", () => {
    expect(sortChoices(columns)).toEqual([
      { value: 'name:asc', label: 'Name (ascending)' },
      { value: 'name:desc', label: 'Name (descending)' },
      { value: 'createdAt:asc', label: 'Listed From (ascending)' },
      { value: 'createdAt:desc', label: 'Listed From (descending)' },
    ]);
    expect(sortOfChoice('createdAt:desc')).toEqual({ sort: 'createdAt', order: 'desc' });
    expect(sortOfChoice('')).toEqual({});
    expect(sortChoiceValue({ sort: 'name' })).toBe('name:asc');
    expect(sortChoiceValue({})).toBe('');
  });
});
