import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import type { PlanProposal } from '@school-transport/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/page/ConfirmDialog';
import { FactList } from '../../components/record/FactList';
import { TitledPanel } from '../../components/page/TitledPanel';
import { useCancelPlan } from './planner-api';
import { progressFacts } from './plan-format';

/** A job still searching: its best plan so far (polled), how far into its time it is, and a way to stop it. */
export function PlanProgressPanel({ proposal }: { proposal: PlanProposal }) {
  const cancel = useCancelPlan();
  const [confirming, setConfirming] = useState(false);
  const elapsedMs = proposal.progress?.elapsedMs ?? 0;
  const share = Math.min(100, (elapsedMs / (proposal.request.seconds * 1000)) * 100);

  return (
    <TitledPanel title={`Planning ${proposal.school.name}…`}>
      <Stack spacing={2}>
        <LinearProgress variant="determinate" value={share} aria-label="Planning time used" />
        <div role="status" aria-label="Planning progress">
          <FactList facts={progressFacts(proposal.progress)} />
        </div>
        <Alert severity="info" role="note">
          {`The search stops after ${proposal.request.seconds} s at most. Nothing changes in stops, routes or seats until you accept the plan.`}
        </Alert>
        <div>
          <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
            Cancel planning
          </Button>
        </div>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title="Cancel planning?"
        text="The search stops and its plan is dropped. You can start a new plan afterwards."
        confirmLabel="Cancel planning"
        cancelLabel="Keep planning"
        onConfirm={() => cancel.mutateAsync(proposal.id)}
        onClose={() => setConfirming(false)}
      />
    </TitledPanel>
  );
}
