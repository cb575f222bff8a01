import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  IMPORT_KINDS,
  type ImportKind,
  type ImportMapping,
  type ImportReport,
} from '@school-transport/shared';
import { TitledPanel } from '../../components/page/TitledPanel';
import { paths } from '../../lib/paths/paths';
import { ColumnMapping } from './ColumnMapping';
import { runImport, type ImportProgress } from './import-api';
import { ImportProblems } from './ImportProblems';

const KIND_LABELS: Record<ImportKind, string> = {
  families: 'Families (parents and children)',
  drivers: 'Drivers',
  vehicles: 'Vehicles',
  stops: 'Stops',
};
const LIST_OF: Record<ImportKind, string> = {
  families: paths.parents.list,
  drivers: paths.drivers.list,
  vehicles: paths.vehicles.list,
  stops: paths.stops.list,
};
/** The API lists an import changes, refreshed after a commit. */
const LISTS_OF: Record<ImportKind, string[]> = {
  families: ['parents', 'students'],
  drivers: ['drivers'],
  vehicles: ['vehicles'],
  stops: ['stops'],
};

function progressText({ phase, done, total }: ImportProgress): string {
  if (phase === 'uploading') return `Uploading the file: ${Math.round((done / Math.max(total, 1)) * 100)}%`;
  if (phase === 'reading') return 'Reading the file…';
  const verb = phase === 'checking' ? 'Checking rows' : 'Writing records';
  return `${verb}: ${done.toLocaleString()} of ${total.toLocaleString()}`;
}

/** Upload, map the columns, a dry run listing every problem, then one commit that writes all or nothing. */
export function ImportPanel() {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<ImportKind>('families');
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<ImportMapping | undefined>();
  const [report, setReport] = useState<ImportReport | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = progress !== null;

  const start = (next: { kind?: ImportKind; file?: File | null }) => {
    if (next.kind) setKind(next.kind);
    if (next.file !== undefined) setFile(next.file);
    setMapping(undefined);
    setReport(null);
    setFailure(null);
  };

  const run = async (mode: 'dry-run' | 'commit') => {
    if (!file) return;
    setFailure(null);
    setProgress({ phase: 'uploading', done: 0, total: file.size });
    try {
      const answer = await runImport(kind, file, { mode, mapping, onProgress: setProgress });
      setReport(answer);
      setMapping(answer.mapping);
      if (answer.committed)
        await Promise.all(LISTS_OF[kind].map((list) => queryClient.invalidateQueries({ queryKey: [list] })));
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setProgress(null);
    }
  };

  const ready = report !== null && report.problemCount === 0 && !report.committed;
  return (
    <TitledPanel title="Import from CSV">
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        Each row carries your own id for its record (family, driver, vehicle or stop id): importing a row
        whose id is already here updates that record, so importing the same file again changes nothing.
        Families take one row per child, with the parent&apos;s columns on each. Imported parents and drivers
        have no password until invited.
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="What the file holds"
          value={kind}
          onChange={(event) => start({ kind: event.target.value as ImportKind })}
          sx={{ minWidth: 260 }}
          disabled={busy}
        >
          {IMPORT_KINDS.map((option) => (
            <MenuItem key={option} value={option}>
              {KIND_LABELS[option]}
            </MenuItem>
          ))}
        </TextField>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={busy}>
          Choose CSV file
          <input
            hidden
            type="file"
            accept=".csv,text/csv"
            aria-label="CSV file"
            onChange={(event) => {
              start({ file: event.target.files?.[0] ?? null });
              event.target.value = '';
            }}
          />
        </Button>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{file ? file.name : 'No file chosen'}</Typography>
        <Button variant="contained" disabled={!file || busy} onClick={() => void run('dry-run')}>
          {report ? 'Check again' : 'Check file'}
        </Button>
      </Box>

      {progress && (
        <Box sx={{ mt: 2 }} role="status">
          <Typography variant="body2">{progressText(progress)}</Typography>
          <LinearProgress
            variant={progress.phase === 'reading' ? 'indeterminate' : 'determinate'}
            value={(progress.done / Math.max(progress.total, 1)) * 100}
            aria-label="Import progress"
          />
        </Box>
      )}
      {failure && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      )}

      {report && mapping && !report.committed && (
        <Box sx={{ mt: 3 }}>
          <ColumnMapping kind={kind} headers={report.headers} mapping={mapping} onChange={setMapping} />
          {report.problemCount > 0 && <ImportProblems report={report} />}
        </Box>
      )}
      {ready && (
        <Box sx={{ mt: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <Alert severity="success" sx={{ flex: '1 1 300px' }}>
            {report.rows.toLocaleString()} rows checked: no problem found.
          </Alert>
          <Button variant="contained" disabled={busy} onClick={() => void run('commit')}>
            Import {report.rows.toLocaleString()} rows
          </Button>
        </Box>
      )}
      {report?.committed && (
        <Alert severity="success" sx={{ mt: 2 }}>
          Imported {report.rows.toLocaleString()} rows: {report.created.toLocaleString()} created,{' '}
          {report.updated.toLocaleString()} updated, {report.unchanged.toLocaleString()} unchanged.{' '}
          <RouterLink to={LIST_OF[kind]}>See them</RouterLink>
        </Alert>
      )}
    </TitledPanel>
  );
}
