import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { lazy, Suspense } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page/PageHeader';
import { PageLoader } from '../../components/shell/PageLoader';
import { paths } from '../../lib/paths/paths';
import { plannerProposalPath, PROPOSAL_PARAM } from '../../lib/paths/query-paths';

// The form and a job's view (progress, review, maps) come in chunks of their own, after the page: the first
// screen's download lists what each screen needs before it is opened, and this keeps the planner's entry short.
const PlanRequestForm = lazy(async () => ({ default: (await import('./PlanRequestForm')).PlanRequestForm }));
const ProposalView = lazy(async () => ({ default: (await import('./ProposalView')).ProposalView }));

/**
 * The route planner: ask for a plan (a school, vehicles, children), follow the search, then review the proposal
 * beside the routes as they are and accept it. The job's id stays in the address, so a reload comes back to it.
 */
export function PlannerPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const proposalId = params.get(PROPOSAL_PARAM);

  return (
    <>
      <PageHeader
        title="Route Planner"
        current="Planner"
        action={
          proposalId && (
            <Button component={RouterLink} to={paths.planner} variant="outlined" startIcon={<AddIcon />}>
              New plan
            </Button>
          )
        }
      />
      <Suspense fallback={<PageLoader />}>
        {proposalId ? (
          <ProposalView key={proposalId} id={proposalId} />
        ) : (
          <PlanRequestForm onStarted={(id) => navigate(plannerProposalPath(id))} />
        )}
      </Suspense>
    </>
  );
}
