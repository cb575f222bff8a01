import Stack from '@mui/material/Stack';
import { PageHeader } from '../../components/page/PageHeader';
import { ImportPanel } from './ImportPanel';
import { TripHistoryExport } from './TripHistoryExport';
import { MayUse } from '../../lib/session/MayUse';

/** CSV in and out: the trip history's export and (administrators) the imports. Each list screen exports itself (Export CSV). */
export function DataTransferPage() {
  return (
    <>
      <PageHeader title="Data" />
      <Stack spacing={3}>
        <TripHistoryExport />
        {/* Imports write records: administrators only (decision 077). */}
        <MayUse access="admin">
          <ImportPanel />
        </MayUse>
      </Stack>
    </>
  );
}
