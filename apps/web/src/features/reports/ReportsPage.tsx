import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReportRange } from '@school-transport/shared';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page/PageHeader';
import { useOperatorTimeZone } from '../../lib/time/operator-time';
import { ManifestPicker } from './ManifestPicker';
import { RangeForm } from './RangeForm';
import { operatorToday, rangeFromSearch } from './report-range';
import { ReportSection } from './ReportSection';
import { REPORT_GROUPS } from './report-views';

/**
 * The office's reports over a range of days (in the address, so a range can be bookmarked or shared): on-time
 * performance, ridership, no-shows and wrong-bus scans, vehicle use and compliance, each as a chart and a table
 * with its CSV; and the printable manifest of a route's run. Charts load with this screen only.
 */
export function ReportsPage() {
  const timeZone = useOperatorTimeZone();
  const [search, setSearch] = useSearchParams();
  const range = rangeFromSearch(search, operatorToday(timeZone));
  const group = REPORT_GROUPS.find((candidate) => candidate.id === search.get('tab')) ?? REPORT_GROUPS[0]!;

  const update = (changes: Partial<ReportRange> & { tab?: string }) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(changes)) next.set(name, value);
      return next;
    });

  return (
    <>
      <PageHeader title="Reports" showBack={false} />
      <Stack spacing={3}>
        <RangeForm range={range} onApply={(chosen) => update(chosen)} />
        <Tabs
          value={group.id}
          onChange={(_, tab: string) => update({ tab })}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Reports"
        >
          {REPORT_GROUPS.map((candidate) => (
            <Tab key={candidate.id} value={candidate.id} label={candidate.label} />
          ))}
        </Tabs>
        {group.reports.map((report) => (
          <ReportSection key={report.id} report={report.id} range={range} chart={report.chart} />
        ))}
        <ManifestPicker />
      </Stack>
    </>
  );
}
