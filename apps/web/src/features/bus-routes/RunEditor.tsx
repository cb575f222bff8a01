import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { NearbyStop, RunSchedule } from '@school-transport/shared';
import { useState } from 'react';
import { useUnsavedChanges } from '../../components/form/unsaved-changes';
import { ConfirmDialog } from '../../components/page/ConfirmDialog';
import { LazyStopsMap } from '../../components/map/LazyStopsMap';
import { ApiError } from '../../lib/api/api-client';
import { AddStopPicker } from './AddStopPicker';
import { ChildStopDialog } from './ChildStopDialog';
import {
  checkDraft,
  draftOf,
  hasSchedule,
  inputOf,
  nextMinutes,
  NO_PROBLEMS,
  placeProblems,
  RUN_LABELS,
  type DraftProblems,
  type RunDraft,
} from './run-draft';
import { RunRiders } from './RunRiders';
import { RunStopRows } from './RunStopRows';
import { useClearRun, useSaveRun, useStopFromStudent, useTieRider } from './schedule-api';

interface RunEditorProps {
  routeId: string;
  run: RunSchedule;
}

/**
 * One run of a route: its start, the stops in order with their times, a map of them and the children at each.
 * Edits stay here until Save sends the whole run; the server's refusals show next to the rows they name.
 * The page remounts this with a fresh draft whenever the saved schedule changes.
 */
export function RunEditor({ routeId, run }: RunEditorProps) {
  const saved = draftOf(run);
  const [started, setStarted] = useState(hasSchedule(run));
  const [draft, setDraft] = useState<RunDraft>(saved);
  const [problems, setProblems] = useState<DraftProblems>(NO_PROBLEMS);
  /** After a refused save, every change is checked again, so a problem goes away as soon as it is fixed. */
  const [refused, setRefused] = useState(false);
  const [fromChild, setFromChild] = useState(false);
  const [clearing, setClearing] = useState(false);
  const saveRun = useSaveRun();
  const clearRun = useClearRun();
  const fromStudent = useStopFromStudent();
  const tie = useTieRider();

  const dirty = JSON.stringify(draft) !== JSON.stringify(saved) || (started && !hasSchedule(run));
  useUnsavedChanges(dirty);
  const label = RUN_LABELS[run.run];

  const change = (next: RunDraft) => {
    setDraft(next);
    if (refused) setProblems(checkDraft(next) ?? NO_PROBLEMS);
  };

  /** Sends `next` (the draft by default); resolves once saved, rejects (with the problems shown) otherwise. */
  const save = async (next: RunDraft = draft) => {
    const local = checkDraft(next);
    if (local) {
      setProblems(local);
      setRefused(true);
      throw new Error('invalid');
    }
    setProblems(NO_PROBLEMS);
    try {
      await saveRun.mutateAsync({ routeId, run: run.run, input: inputOf(next) });
    } catch (error) {
      setRefused(true);
      setProblems(
        error instanceof ApiError
          ? placeProblems(error.errors, error.message)
          : placeProblems([], 'Not saved.'),
      );
      throw error;
    }
  };

  const reuseNearby = async (rider: RunSchedule['riders'][number], stop: NearbyStop) => {
    const next = draft.stops.some((row) => row.stop.id === stop.id)
      ? draft
      : { ...draft, stops: [...draft.stops, { stop, minutes: nextMinutes(draft) }] };
    setDraft(next);
    await save(next);
    await tie.mutateAsync({ studentId: rider.studentId, run: run.run, stopId: stop.id });
  };

  const addFromPickup = async (rider: RunSchedule['riders'][number]) => {
    // The server appends to the saved run: unsaved edits are saved first so that they are not lost.
    if (dirty) await save();
    await fromStudent.mutateAsync({ routeId, run: run.run, studentId: rider.studentId });
  };

  if (!started)
    return (
      <Paper sx={{ p: 3 }}>
        <Typography sx={{ mb: 2 }}>
          The {label.toLowerCase()} run has no schedule yet: its trips run without stops or times, as before.
        </Typography>
        <Button variant="contained" onClick={() => setStarted(true)}>
          Start a schedule
        </Button>
      </Paper>
    );

  const unseated = run.riders.filter((rider) => rider.stopId === null);

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, lg: 7 }}>
        <Paper sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={2}>
            <TextField
              label="Start time"
              type="time"
              value={draft.startTime}
              onChange={(event) => change({ ...draft, startTime: event.target.value })}
              error={problems.startTime !== undefined}
              helperText={problems.startTime ?? "In the operator's time zone"}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
              sx={{ maxWidth: 200 }}
            />
            {problems.general.length > 0 && (
              <Alert severity="error">
                {problems.general.map((problem) => (
                  <div key={problem}>{problem}</div>
                ))}
              </Alert>
            )}
            {draft.stops.length === 0 ? (
              <Typography sx={{ color: 'text.secondary' }}>No stops yet: add the first below.</Typography>
            ) : (
              <RunStopRows
                rows={draft.stops}
                startTime={draft.startTime}
                problems={problems.rows}
                onChange={(stops) => change({ ...draft, stops })}
              />
            )}
            <AddStopPicker
              taken={new Set(draft.stops.map((row) => row.stop.id))}
              onAdd={(stop) =>
                change({ ...draft, stops: [...draft.stops, { stop, minutes: nextMinutes(draft) }] })
              }
            />
            <Box>
              <Button variant="outlined" onClick={() => setFromChild(true)}>
                Add from a child's pickup point
              </Button>
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, pt: 1 }}>
              <Button
                variant="contained"
                loading={saveRun.isPending}
                onClick={() => void save().catch(() => undefined)}
                disabled={!dirty}
              >
                Save {label.toLowerCase()} run
              </Button>
              <Button
                color="inherit"
                disabled={!dirty}
                onClick={() => {
                  setDraft(saved);
                  setProblems(NO_PROBLEMS);
                  setRefused(false);
                  if (!hasSchedule(run)) setStarted(false);
                }}
              >
                Discard changes
              </Button>
              {hasSchedule(run) && (
                <Button color="error" onClick={() => setClearing(true)} sx={{ ml: { sm: 'auto' } }}>
                  Remove schedule
                </Button>
              )}
            </Box>
          </Stack>
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, lg: 5 }}>
        <Stack spacing={3}>
          <LazyStopsMap
            stops={draft.stops.map(({ stop }) => stop)}
            label={`${label} stops map`}
            height={300}
          />
          <Paper sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h6" component="h3" sx={{ mb: 2 }}>
              Children at each stop
            </Typography>
            <RunRiders run={run} locked={dirty} />
          </Paper>
        </Stack>
      </Grid>
      {fromChild && (
        <ChildStopDialog
          riders={unseated}
          onUseStop={reuseNearby}
          onFromPickup={addFromPickup}
          onClose={() => setFromChild(false)}
        />
      )}
      <ConfirmDialog
        open={clearing}
        title={`Remove the ${label.toLowerCase()} schedule?`}
        text="Its start time and stops go, and the children lose their stops on this run. Trips already made keep theirs."
        confirmLabel="Remove"
        onConfirm={() => clearRun.mutateAsync({ routeId, run: run.run })}
        onClose={() => setClearing(false)}
      />
    </Grid>
  );
}
