import { describe, expect, it } from 'vitest';
import { pagingSummary } from './ReportPager';

describe('pagingSummary', () => {
  const paging = { page: 1, pageSize: 50, total: 100_008, rankedBy: 'least on time first' };

  it('names the rows on screen, the total and the order', () => {
    expect(pagingSummary(paging, 50)).toBe('1–50 of 100,008 rows, least on time first');
    expect(pagingSummary({ ...paging, page: 2001 }, 8)).toBe(
      '100,001–100,008 of 100,008 rows, least on time first',
    );
  });

  it('says so when a page is past the end or there is one row', () => {
    expect(pagingSummary({ ...paging, page: 3, total: 60 }, 0)).toBe('none of 60 rows, least on time first');
    expect(pagingSummary({ ...paging, total: 1 }, 1)).toBe('1–1 of 1 row, least on time first');
  });
});
