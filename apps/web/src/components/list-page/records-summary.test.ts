import { describe, expect, it } from 'vitest';
import { recordsSummary, serialNumber } from './records-summary';

describe('recordsSummary', () => {
  it('counts the rows of a full page', () => {
    expect(recordsSummary({ page: 2, limit: 10, total: 35, moreThanTotal: false }, 10)).toBe(
      'Showing 11–20 of 35 records',
    );
  });

  it('stops at the last record on the last page', () => {
    expect(recordsSummary({ page: 4, limit: 10, total: 35, moreThanTotal: false }, 5)).toBe(
      'Showing 31–35 of 35 records',
    );
  });

  it('says "more than" when the server stopped counting a large search', () => {
    expect(recordsSummary({ page: 1, limit: 100, total: 1000, moreThanTotal: true }, 100)).toBe(
      'Showing 1–100 of more than 1,000 records',
    );
  });

  it('reads 0–0 when there is nothing to show', () => {
    expect(recordsSummary({ page: 1, limit: 10, total: 0, moreThanTotal: false }, 0)).toBe(
      'Showing 0–0 of 0 records',
    );
  });
});

describe('serialNumber', () => {
  it('numbers rows across pages', () => {
    expect(serialNumber(1, 10, 0)).toBe(1);
    expect(serialNumber(3, 5, 4)).toBe(15);
  });
});
