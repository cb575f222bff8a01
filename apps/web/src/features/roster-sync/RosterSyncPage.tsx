import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { RosterDiff, RosterOverview } from '@school-transport/shared';
import { ConfirmDialog } from '../../components/page/ConfirmDialog';
import { PageHeader } from '../../components/page/PageHeader';
import { RetryAlert } from '../../components/page/RetryAlert';
import { TitledPanel } from '../../components/page/TitledPanel';
import { ApiError } from '../../lib/api/api-client';
import { useMayUse } from '../../lib/session/session';
import { RosterDiffView, changesAnything } from './RosterDiffView';
import { RosterRuns } from './RosterRuns';
import { RosterSourceForm } from './RosterSourceForm';
import { useRosterOverview, useRosterSync, type RosterOrigin } from './roster-sync-api';

/** A dry run, its differences, then the apply of exactly those (the dry run's fingerprint goes with it). */
function RunPanel({ overview }: { overview: RosterOverview }) {
  const [kind, setKind] = useState<'bundle' | 'endpoint'>(overview.source ? 'endpoint' : 'bundle');
  const [file, setFile] = useState<File | null>(null);
  const [diff, setDiff] = useState<RosterDiff | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const sync = useRosterSync();
  const origin: RosterOrigin | null = kind === 'endpoint' ? { kind } : file ? { kind, file } : null;
  const ready = origin !== null && (kind === 'bundle' || overview.source !== null);

  async function run(mode: 'dry-run' | 'apply') {
    if (!origin) return;
    setFailure(null);
    try {
      const answer = await sync.mutateAsync({
        origin,
        mode,
        expect: mode === 'apply' ? diff?.fingerprint : undefined,
      });
      setDiff(answer.data);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : 'The sync failed; nothing was written.');
      if (mode === 'dry-run') setDiff(null);
    }
  }
  const choose = (next: () => void) => {
    next();
    setDiff(null);
    setFailure(null);
  };

  return (
    <TitledPanel title="Run a sync">
      <Stack spacing={2}>
        <RadioGroup
          row
          aria-label="Read the roster from"
          value={kind}
          onChange={(event) => choose(() => setKind(event.target.value as 'bundle' | 'endpoint'))}
        >
          <FormControlLabel value="bundle" control={<Radio />} label="A OneRoster CSV bundle (.zip)" />
          <FormControlLabel value="endpoint" control={<Radio />} label="The OneRoster endpoint" />
        </RadioGroup>
        {kind === 'bundle' ? (
          <Box>
            <Button
              component="label"
              variant="outlined"
              startIcon={<UploadFileIcon />}
              disabled={sync.isPending}
            >
              Choose bundle
              <input
                hidden
                type="file"
                accept=".zip,application/zip"
                onChange={(event) => choose(() => setFile(event.target.files?.[0] ?? null))}
              />
            </Button>
            <Typography component="span" sx={{ ml: 2 }} color={file ? 'text.primary' : 'text.secondary'}>
              {file ? file.name : 'No file chosen'}
            </Typography>
          </Box>
        ) : (
          !overview.source && <Alert severity="info">Set up the endpoint below first.</Alert>
        )}
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="contained" disabled={!ready || sync.isPending} onClick={() => void run('dry-run')}>
            Dry run
          </Button>
          <Button
            variant="contained"
            color="warning"
            disabled={!diff || diff.applied || !changesAnything(diff) || sync.isPending}
            onClick={() => setConfirming(true)}
          >
            Apply
          </Button>
          {sync.isPending && <CircularProgress size={28} aria-label="Syncing" />}
        </Stack>
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        {diff && (
          <>
            <Alert severity={diff.applied ? 'success' : 'info'}>
              {diff.applied
                ? 'Applied: the records now match the roster.'
                : 'Dry run: nothing has been written. Check the differences, then apply them.'}
            </Alert>
            <RosterDiffView diff={diff} />
          </>
        )}
      </Stack>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => run('apply')}
        title="Apply the roster?"
        text={
          diff &&
          `${diff.students.added} students and ${diff.guardians.added} guardians will be added, ` +
            `${diff.students.changed + diff.guardians.changed + diff.schools.changed} records changed, and ` +
            `${diff.students.removed + diff.guardians.removed + diff.schools.removed} deactivated (kept with their history). ` +
            'Stops, seats, home points and transport settings are not touched.'
        }
        confirmLabel="Apply"
        confirmColor="primary"
      />
    </TitledPanel>
  );
}

/** Roster sync from the school's information system (OneRoster 1.1/1.2): run, configure, and the last runs. */
export function RosterSyncPage() {
  const overview = useRosterOverview();
  // The office's readers see the source and the runs; syncing and the endpoint are administrators' (decision 069).
  const manages = useMayUse('admin');
  return (
    <>
      <PageHeader title="Roster sync" />
      {overview.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress aria-label="Loading roster sync" />
        </Box>
      ) : overview.isError ? (
        <RetryAlert error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <Stack spacing={3}>
          {manages && <RunPanel overview={overview.data} />}
          {manages && <RosterSourceForm source={overview.data.source} />}
          <RosterRuns runs={overview.data.runs} />
        </Stack>
      )}
    </>
  );
}
