import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { STOP_CHANGE_STATES, type StopChangeState } from '@school-transport/shared';
import { RetryAlert } from '../../components/page/RetryAlert';
import { PageLoader } from '../../components/shell/PageLoader';
import { EnterStopChangeDialog } from './EnterStopChangeDialog';
import { StopChangeList } from './StopChangeList';
import { usePendingCount, useStopChanges } from './stop-changes-api';
import { MayUse } from '../../lib/session/MayUse';

const TAB_LABELS: Record<StopChangeState, string> = {
  REQUESTED: 'Pending',
  APPROVED: 'Approved',
  DECLINED: 'Declined',
  WITHDRAWN: 'Withdrawn',
};
const EMPTY: Record<StopChangeState, string> = {
  REQUESTED: 'No requests are waiting.',
  APPROVED: 'No approved stop changes.',
  DECLINED: 'No declined stop changes.',
  WITHDRAWN: 'No withdrawn requests.',
};

const stateOf = (value: string | null): StopChangeState =>
  STOP_CHANGE_STATES.find((state) => state === value) ?? 'REQUESTED';

/**
 * The Stop changes screen (decision 057): the parents' requests waiting for the office (oldest first), approved,
 * declined and withdrawn ones (`?state=`), and the office's own entry.
 */
export function StopChangesPage() {
  const [params, setParams] = useSearchParams();
  const state = stateOf(params.get('state'));
  const changes = useStopChanges(state);
  const pending = usePendingCount();
  const [entering, setEntering] = useState(false);

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          Stop changes
        </Typography>
        <MayUse access="admin">
          <Button variant="contained" sx={{ ml: 'auto' }} onClick={() => setEntering(true)}>
            Enter a change
          </Button>
        </MayUse>
      </Stack>
      <Tabs
        value={state}
        onChange={(_, value: StopChangeState) => setParams({ state: value })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Stop change states"
      >
        {STOP_CHANGE_STATES.map((value) => (
          <Tab
            key={value}
            value={value}
            label={
              value === 'REQUESTED' && pending.data !== undefined
                ? `${TAB_LABELS[value]} (${pending.data})`
                : TAB_LABELS[value]
            }
          />
        ))}
      </Tabs>
      {changes.isPending ? (
        <PageLoader />
      ) : changes.isError ? (
        <RetryAlert error={changes.error} onRetry={() => void changes.refetch()} />
      ) : (
        <StopChangeList changes={changes.data} emptyText={EMPTY[state]} />
      )}
      {entering && <EnterStopChangeDialog onClose={() => setEntering(false)} />}
    </Stack>
  );
}
