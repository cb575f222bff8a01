import Stack from '@mui/material/Stack';
import { PageHeader } from '../../components/page/PageHeader';
import { ImportPanel } from './ImportPanel';
import { TripHistoryExport } from './TripHistoryExport';

/** CSV in and out: the trip history's export and the imports. Each list screen exports itself (Export CSV). */
export function DataTransferPage() {
  return (
    <>
      <PageHeader title="Data" />
      <Stack spacing={3}>
        <TripHistoryExport />
        <ImportPanel />
      </Stack>
    </>
  );
}
