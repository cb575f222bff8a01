import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { fetchFailedMessage, RUNS, type BusRoute, type Run } from '@school-transport/shared';
import { useState } from 'react';
import { AssignedWork } from '../../components/trips/AssignedWork';
import { PageLoader } from '../../components/shell/PageLoader';
import { RecordSummary, type Fact } from '../../components/record/RecordSummary';
import { formatDate, formatMinutes } from '../../lib/time/format';
import { BusRouteGate } from './BusRouteGate';
import { RUN_LABELS } from './run-draft';
import { RunEditor } from './RunEditor';
import { RunView } from './RunView';
import { useMayUse } from '../../lib/session/session';
import { useRouteSchedule } from './schedule-api';

function RouteSchedule({ routeId }: { routeId: string }) {
  const [tab, setTab] = useState<Run>('PICKUP');
  const schedule = useRouteSchedule(routeId);
  const plans = useMayUse('admin');

  if (schedule.isPending) return <PageLoader />;
  if (schedule.isError) return <Alert severity="error">{fetchFailedMessage('schedule')}</Alert>;
  const run = schedule.data.runs.find((candidate) => candidate.run === tab) ?? {
    run: tab,
    startTime: null,
    stops: [],
    riders: [],
  };

  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_event, value: Run) => setTab(value)}
        aria-label="Runs"
        // The theme's primary (a yellow) is too pale for text on the page's grey: the chosen tab's words stay the
        // text's colour, and the bar under it marks it.
        sx={{ mb: 2, '& .MuiTab-root.Mui-selected': { color: 'text.primary', fontWeight: 700 } }}
      >
        {RUNS.map((candidate) => (
          <Tab
            key={candidate}
            value={candidate}
            label={RUN_LABELS[candidate]}
            id={`run-tab-${candidate}`}
            aria-controls={`run-panel-${candidate}`}
          />
        ))}
      </Tabs>
      <div role="tabpanel" id={`run-panel-${tab}`} aria-labelledby={`run-tab-${tab}`}>
        {/* A fresh editor (and draft) whenever the saved run changes, e.g. after Save. */}
        {plans ? (
          <RunEditor key={`${tab}:${JSON.stringify(run)}`} routeId={routeId} run={run} />
        ) : (
          <RunView run={run} />
        )}
      </div>
    </Box>
  );
}

function RouteDetails({ route }: { route: BusRoute }) {
  const facts: Fact[] = [
    ['Start Location', route.startLocation],
    ['End Location', route.endLocation],
    ['Distance', `${route.distanceKm} km`],
    ['Duration (Apx)', formatMinutes(route.durationMin)],
    ['Listed From', formatDate(route.createdAt)],
  ];
  return (
    <Stack spacing={3}>
      <RecordSummary name={route.name} facts={facts} />
      <AssignedWork part="route" id={route.id} />
      <RouteSchedule routeId={route.id} />
    </Stack>
  );
}

/**
 * A route's facts, what it does (its assignment, the children seated on it, its trips) and the schedule of its two
 * runs: stops in order, times, the map and the children at each.
 */
export function BusRouteDetailsPage() {
  return <BusRouteGate title="Route Details">{(route) => <RouteDetails route={route} />}</BusRouteGate>;
}
