import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { OfficePlanChange, PlanPlace } from '@school-transport/shared';
import { ConfirmDialog } from '../../components/page/ConfirmDialog';
import { RetryAlert } from '../../components/page/RetryAlert';
import { PageLoader } from '../../components/shell/PageLoader';
import { ApiError } from '../../lib/api/api-client';
import { formatInLocale, formatMoment } from '../../lib/time/format';
import { useFilterOptions, usePlanChanges, useRemind } from './plan-changes-api';
import { useMayUse } from '../../lib/session/session';

const RUN_LABELS = { PICKUP: 'Morning', DROP: 'Afternoon' } as const;

const placeOf = (place: PlanPlace) =>
  `${place.stopName ?? 'own pickup point'}${place.time ? ` at ${place.time}` : ''}`;

function FilterSelect({
  label,
  resource,
  value,
  onChange,
}: {
  label: string;
  resource: 'routes' | 'schools';
  value: string;
  onChange: (value: string) => void;
}) {
  const options = useFilterOptions(resource);
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 180 }}
      helperText={options.isError ? `The ${resource} could not be loaded.` : undefined}
      error={options.isError}
    >
      <MenuItem value="">All</MenuItem>
      {(options.data ?? []).map((option) => (
        <MenuItem key={option.id} value={option.id}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Changes to acknowledge (decision 068): the changes of children's standing plans that no guardian has acknowledged
 * yet, oldest first, by route or school, with Remind for one or for every one shown (asked first). A change is
 * reminded at most once a day; the server says how many were.
 */
export function PlanChangesPage() {
  const [params, setParams] = useSearchParams();
  const filter = { routeId: params.get('routeId') ?? '', schoolId: params.get('schoolId') ?? '' };
  const changes = usePlanChanges(filter);
  const remind = useRemind();
  // Reminding families sends mail: administrators only (decision 077).
  const reminds = useMayUse('admin');
  const { enqueueSnackbar } = useSnackbar();
  const [askingAll, setAskingAll] = useState(false);

  const setFilter = (name: 'routeId' | 'schoolId', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next);
  };

  const send = async (ids: string[]) => {
    try {
      const answer = await remind.mutateAsync(ids);
      enqueueSnackbar(answer.message ?? 'Reminded.', { variant: answer.data?.reminded ? 'success' : 'info' });
    } catch (error) {
      enqueueSnackbar(error instanceof ApiError ? error.message : 'The reminders could not be sent.', {
        variant: 'error',
      });
    }
  };

  const shown: OfficePlanChange[] = changes.data?.changes ?? [];

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          Changes to acknowledge
        </Typography>
        {reminds && (
          <Button
            variant="contained"
            sx={{ ml: 'auto' }}
            disabled={!shown.length || remind.isPending}
            onClick={() => setAskingAll(true)}
          >
            Remind all shown
          </Button>
        )}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <FilterSelect
          label="Route"
          resource="routes"
          value={filter.routeId}
          onChange={(value) => setFilter('routeId', value)}
        />
        <FilterSelect
          label="School"
          resource="schools"
          value={filter.schoolId}
          onChange={(value) => setFilter('schoolId', value)}
        />
      </Stack>
      {changes.isPending ? (
        <PageLoader />
      ) : changes.isError ? (
        <RetryAlert error={changes.error} onRetry={() => void changes.refetch()} />
      ) : !shown.length ? (
        <Alert severity="info">Every family has acknowledged its changes.</Alert>
      ) : (
        <>
          {changes.data.truncated && (
            <Alert severity="info">
              The oldest {shown.length} are shown; filter by route or school for the rest.
            </Alert>
          )}
          <Stack
            spacing={1.5}
            component="ul"
            aria-label="Changes to acknowledge"
            sx={{ listStyle: 'none', p: 0, m: 0 }}
          >
            {shown.map((change) => (
              <Box
                component="li"
                key={change.id}
                aria-label={`Change for ${change.childName}`}
                sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, minWidth: 0 }}
              >
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                  {change.childName}
                </Typography>
                <Typography>
                  {RUN_LABELS[change.run]} · {change.routeName}
                  {change.schoolName ? ` · ${change.schoolName}` : ''}
                </Typography>
                <Typography sx={{ overflowWrap: 'anywhere' }}>
                  From {formatInLocale(change.effectiveFrom, 'longDayNoYear')}:{' '}
                  {change.before ? `${placeOf(change.before)} → ` : ''}
                  {placeOf(change.after)}
                </Typography>
                <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  Guardians:{' '}
                  {change.guardians.length
                    ? change.guardians.map((guardian) => `${guardian.name} (${guardian.email})`).join(', ')
                    : 'none linked'}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Waiting since {formatMoment(change.createdAt)}
                  {change.lastRemindedAt ? ` · last reminded ${formatMoment(change.lastRemindedAt)}` : ''}
                </Typography>
                {reminds && (
                  <Button
                    size="small"
                    sx={{ mt: 1 }}
                    disabled={remind.isPending}
                    onClick={() => void send([change.id])}
                  >
                    Remind
                  </Button>
                )}
              </Box>
            ))}
          </Stack>
        </>
      )}
      <ConfirmDialog
        open={askingAll}
        onClose={() => setAskingAll(false)}
        onConfirm={() => send(shown.map((change) => change.id))}
        title="Remind every family shown?"
        text={`The guardians of ${shown.length} ${shown.length === 1 ? 'change' : 'changes'} get a notification again. A change reminded today already is skipped.`}
        confirmLabel="Remind"
        confirmColor="primary"
      />
    </Stack>
  );
}
