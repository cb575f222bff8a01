import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ChildChange, PlanReview } from '@school-transport/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/page/ConfirmDialog';
import { FactList } from '../../components/record/FactList';
import type { Column } from '../../components/list-page/columns';
import { DataTable } from '../../components/list-page/DataTable';
import { PageLoader } from '../../components/shell/PageLoader';
import { RetryAlert } from '../../components/page/RetryAlert';
import { TitledPanel } from '../../components/page/TitledPanel';
import { countOf, formatMoment } from '../../lib/time/format';
import { useAcceptPlan, usePlanReview } from './planner-api';
import { LazyPlanMap } from './LazyPlanMap';
import {
  currentFigures,
  placementText,
  proposedFacts,
  runLines,
  runRows,
  type RunLine,
  type RunRow,
} from './plan-format';

const MAP_HEIGHT = 360;

const RUN_COLUMNS: Column<RunRow>[] = [
  { header: 'Route', cell: (row) => row.route },
  { header: 'Driver', cell: (row) => row.driver },
  { header: 'Plate', nowrap: true, cell: (row) => row.plate },
  { header: 'Stops', align: 'right', cell: (row) => row.stops },
  { header: 'Children', align: 'right', cell: (row) => row.children },
  { header: 'First pickup', nowrap: true, cell: (row) => row.firstPickup },
];

/** The runs' colours in words beside the map, so a line is never told apart by its colour alone. */
function Legend({ lines, emptyText }: { lines: readonly RunLine[]; emptyText: string }) {
  if (lines.length === 0) return <Typography sx={{ color: 'text.secondary', mt: 1 }}>{emptyText}</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
      {lines.map((run) => (
        <Box component="li" key={run.key} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box aria-hidden sx={{ width: 16, height: 4, bgcolor: run.colour, flexShrink: 0 }} />
          <Typography variant="body2">{`${run.name}: ${countOf(run.stops.length, 'stop', 'stops')}`}</Typography>
        </Box>
      ))}
    </Box>
  );
}

interface MapPanelProps {
  title: string;
  review: PlanReview;
  lines: readonly RunLine[];
  facts: readonly (readonly [string, string])[];
  emptyText: string;
}

function MapPanel({ title, review, lines, facts, emptyText }: MapPanelProps) {
  return (
    <TitledPanel title={title}>
      <Stack spacing={2}>
        <FactList facts={facts} />
        <LazyPlanMap
          lines={lines}
          school={review.school}
          label={`Map of ${title.toLowerCase()}`}
          height={MAP_HEIGHT}
        />
        <Legend lines={lines} emptyText={emptyText} />
      </Stack>
    </TitledPanel>
  );
}

const CHANGE_COLUMNS: Column<ChildChange>[] = [
  { header: 'Child', cell: (change) => change.name },
  { header: 'Now', cell: (change) => placementText(change.from) },
  { header: 'With this plan', cell: (change) => placementText(change.to) },
];

/**
 * A finished proposal beside the routes as they are: both on maps with their figures, the proposed runs, what
 * changes for whom, and Accept (after a confirmation), which nothing before it has changed anything for.
 */
export function PlanReviewView({ proposalId }: { proposalId: string }) {
  const review = usePlanReview(proposalId);
  const accept = useAcceptPlan();
  const [confirming, setConfirming] = useState(false);

  if (review.isPending) return <PageLoader />;
  if (review.isError) return <RetryAlert error={review.error} onRetry={() => void review.refetch()} />;
  const plan = review.data;
  const now = currentFigures(plan.current);
  const accepted = plan.acceptedAt !== null;
  const blocked = plan.blockers.length > 0;

  return (
    <Stack spacing={3}>
      {accepted && (
        <Alert severity="success">
          {`This plan was accepted on ${formatMoment(plan.acceptedAt ?? '')}: its stops, runs and seats are in use.`}
        </Alert>
      )}
      {blocked && !accepted && (
        <Alert severity="warning">
          <Typography sx={{ fontWeight: 600 }}>This plan cannot be accepted:</Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {plan.blockers.map((blocker) => (
              <li key={blocker}>{blocker}</li>
            ))}
          </Box>
        </Alert>
      )}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <MapPanel
            title="Current routes"
            review={plan}
            lines={runLines(plan.current, plan.school)}
            facts={[
              ['Runs', String(now.runs)],
              ['Children seated', String(now.children)],
            ]}
            emptyText="These vehicles' routes have no stops yet."
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <MapPanel
            title="Proposed routes"
            review={plan}
            lines={runLines(plan.proposed, plan.school)}
            facts={proposedFacts(plan.summary)}
            emptyText="The proposal has no runs."
          />
        </Grid>
      </Grid>
      <TitledPanel title="Proposed runs">
        <DataTable
          columns={RUN_COLUMNS}
          rows={runRows(plan.proposed)}
          rowKey={(row) => row.key}
          serialOf={(index) => index + 1}
          stale={false}
          scrollLabel="Table of the proposed runs"
        />
      </TitledPanel>
      <TitledPanel title={`What changes (${plan.changes.length})`}>
        {plan.changes.length === 0 ? (
          <Typography>No child changes route or stop.</Typography>
        ) : (
          <DataTable
            columns={CHANGE_COLUMNS}
            rows={plan.changes}
            rowKey={(change) => change.studentId}
            serialOf={(index) => index + 1}
            stale={false}
            scrollLabel="Table of the changes"
          />
        )}
      </TitledPanel>
      {!accepted && (
        <Box>
          <Button variant="contained" size="large" disabled={blocked} onClick={() => setConfirming(true)}>
            Accept plan
          </Button>
        </Box>
      )}
      <ConfirmDialog
        open={confirming}
        title="Accept this plan?"
        text={`The stops, the morning and afternoon runs of ${countOf(plan.proposed.length, 'route', 'routes')} and the seats of ${countOf(plan.changes.length, 'child', 'children')} change now, in one step. Trips generated from now on follow the new runs.`}
        confirmLabel="Accept plan"
        confirmColor="primary"
        onConfirm={async () => {
          await accept.mutateAsync(proposalId);
          await review.refetch();
        }}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
