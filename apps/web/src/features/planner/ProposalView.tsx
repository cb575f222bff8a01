import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { PageLoader } from '../../components/shell/PageLoader';
import { RetryAlert } from '../../components/page/RetryAlert';
import { isMissingRecord } from '../../lib/api/resource-api';
import { useProposal } from './planner-api';
import { PlanProgressPanel } from './PlanProgressPanel';
import { PlanReviewView } from './PlanReviewView';

/** A planning job by what it has come to: searching, failed, cancelled, or done and up for review. */
export function ProposalView({ id }: { id: string }) {
  const proposal = useProposal(id);

  if (proposal.isPending) return <PageLoader />;
  if (proposal.isError) {
    if (isMissingRecord(proposal.error)) return <Alert severity="error">There is no such plan.</Alert>;
    return <RetryAlert error={proposal.error} onRetry={() => void proposal.refetch()} />;
  }
  const job = proposal.data;
  switch (job.status) {
    case 'RUNNING':
      return <PlanProgressPanel proposal={job} />;
    case 'FAILED':
      return <Alert severity="error">{`Planning failed: ${job.error ?? 'no reason was given.'}`}</Alert>;
    case 'CANCELLED':
      return <Alert severity="info">Planning was cancelled. Nothing was changed.</Alert>;
    case 'DONE':
      return (
        <Stack spacing={2}>
          <Alert severity="info" role="note">
            {`A plan for ${job.school.name}, found in ${job.request.seconds} s of searching. Nothing changes until it is accepted.`}
          </Alert>
          <PlanReviewView proposalId={job.id} />
        </Stack>
      );
  }
}
