import { REPORT_IDS } from '@school-transport/shared';
import { describe, expect, it } from 'vitest';
import { CHART_ROWS, chartRows, formatCell, REPORT_GROUPS } from './report-views';

const number = { key: 'n', label: 'N', kind: 'number' as const };

describe('report views', () => {
  // The reports screen draws its tabs from REPORT_GROUPS alone: a report the server offers but no group names would
  // exist only for someone who types its address.
  it('offers every report of the contract on the reports screen, once', () => {
    const offered = REPORT_GROUPS.flatMap((group) => group.reports.map((report) => report.id));
    expect([...offered].sort()).toEqual([...REPORT_IDS].sort());
  });

  it('formats cells for the table', () => {
    expect(formatCell(1234.56, number)).toBe('1,234.6');
    expect(formatCell(50, { ...number, kind: 'percent' })).toBe('50 %');
    expect(formatCell(true, { ...number, kind: 'boolean' })).toBe('Yes');
    expect(formatCell(null, number)).toBe('—');
    expect(formatCell('Route 1', { ...number, kind: 'text' })).toBe('Route 1');
  });

  it('charts the worst or busiest rows first, at most CHART_ROWS, and days in order', () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({ name: `R${i}`, pct: (i * 37) % 101 }));
    const worst = chartRows(rows, { category: 'name', series: ['pct'], sort: 'asc', layout: 'horizontal' });
    expect(worst).toHaveLength(CHART_ROWS);
    expect(worst[0]!.pct).toBe(Math.min(...rows.map((row) => row.pct)));
    const shown = worst.map((row) => Number(row.pct));
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    const days = chartRows(rows, { category: 'name', series: ['pct'], layout: 'vertical' });
    expect(days).toEqual(rows);
  });
});
