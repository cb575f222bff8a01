import { tripListQuerySchema } from '@school-transport/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readListFilters } from './list-filters';

const DEFINITIONS = {
  status: tripListQuerySchema.shape.status,
  dateFrom: tripListQuerySchema.shape.dateFrom,
  unassigned: z.literal('true'),
};

const read = (query: string) => readListFilters(DEFINITIONS, new URLSearchParams(query));

describe('readListFilters', () => {
  it('reads the filters the address sets, and only those', () => {
    expect(read('status=STARTED&dateFrom=2026-03-02&page=2')).toEqual({
      status: 'STARTED',
      dateFrom: '2026-03-02',
    });
    expect(read('unassigned=true')).toEqual({ unassigned: 'true' });
    expect(read('')).toEqual({});
  });

  it('leaves out values the API would refuse, as if not set', () => {
    expect(read('status=LOST&dateFrom=02/03/2026&unassigned=yes')).toEqual({});
    expect(read('status=')).toEqual({});
  });
});
