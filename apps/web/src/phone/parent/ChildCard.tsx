import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  PARENT_BUS_STOPS_BEFORE,
  type ChildRun,
  type ParentChild,
  type ParentPortalSettings,
} from '@school-transport/shared';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PhotoAvatar } from '../../components/images/PhotoAvatar';
import { ApiError } from '../../lib/api/api-client';
import { localToday } from '../../lib/time/format';
import { useOperatorTimeZone } from '../../lib/time/operator-time';
import { useNow } from '../../lib/time/use-now';
import { AbsenceDialog } from './AbsenceDialog';
import { BusPanel } from './BusPanel';
import { useUndoAbsence } from './parent-api';
import { parentPaths } from './parent-paths';
import { useParentSession } from './parent-session';
import { canUndoAbsence, clockNow, RUN_TITLES, runLines, STATE_COLORS, STATE_LABELS } from './run-state';

/**
 * Why the bus may not be on the map yet: it is shown only from a few stops before the child's, so no family can
 * follow the bus past the doors of the families picked up before them.
 */
export const busWindowSentence = (childName: string) =>
  `The bus is shown from ${PARENT_BUS_STOPS_BEFORE} stops before ${childName}’s stop, and then until ${childName} gets off; other families’ stops stay private.`;

function RunView({
  child,
  run,
  settings,
}: {
  child: ParentChild;
  run: ChildRun;
  settings: ParentPortalSettings | undefined;
}) {
  const timeZone = useOperatorTimeZone();
  const titleId = useId();
  const now = useNow();
  const { session } = useParentSession();
  const undo = useUndoAbsence();
  const { enqueueSnackbar } = useSnackbar();
  const undoable =
    run.absence !== null &&
    settings !== undefined &&
    canUndoAbsence(run, {
      email: session?.user.email ?? '',
      isToday: child.date === localToday(),
      nowClock: clockNow(now, timeZone),
      cutoffMinutes: settings.absenceCutoffMinutes,
    });
  const absence = run.absence;

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5, flexWrap: 'wrap' }}>
        <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {RUN_TITLES[run.run]}
          {run.routeName ? ` · ${run.routeName}` : ''}
        </Typography>
        <Chip size="small" label={STATE_LABELS[run.state]} color={STATE_COLORS[run.state]} />
      </Stack>
      {runLines(run, timeZone).map((line) => (
        <Typography key={line} variant="body2">
          {line}
        </Typography>
      ))}
      {run.state === 'ON_THE_WAY' && run.tripStatus === 'STARTED' && (
        // The server's rule (PARENT_BUS_STOPS_BEFORE): said, so a map that is not there yet is not taken for a fault.
        <Typography variant="body2" color="text.secondary">
          {busWindowSentence(child.name)}
        </Typography>
      )}
      {undoable && absence && (
        <Button
          size="small"
          sx={{ mt: 0.5, minHeight: 32 }}
          loading={undo.isPending}
          onClick={() =>
            undo.mutate(absence.id, {
              onSuccess: () => enqueueSnackbar(`${child.name} is riding again.`, { variant: 'success' }),
              onError: (error) =>
                enqueueSnackbar(error instanceof ApiError ? error.message : String(error), {
                  variant: 'error',
                }),
            })
          }
        >
          Undo not riding
        </Button>
      )}
      {run.busVisible && run.tripId && (
        <Box sx={{ mt: 1, display: 'grid', gap: 0.5 }}>
          <BusPanel tripId={run.tripId} stop={run.stop} childName={child.name} />
        </Box>
      )}
    </Box>
  );
}

/** One child's day: each run's state in words and a chip, the bus while it carries them, and "not riding". */
export function ChildCard({
  child,
  settings,
}: {
  child: ParentChild;
  settings: ParentPortalSettings | undefined;
}) {
  const [marking, setMarking] = useState(false);
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  return (
    <Card component="article" aria-labelledby={titleId}>
      <CardHeader
        avatar={<PhotoAvatar src={child.profileImage} name={child.name} />}
        title={
          <Typography id={titleId} variant="h6" component="h2">
            {child.name}
          </Typography>
        }
        sx={{ pb: 0 }}
      />
      <CardContent sx={{ pt: 1 }}>
        {child.runs.length === 0 ? (
          <Typography color="text.secondary">No bus runs today.</Typography>
        ) : (
          child.runs.map((run) => <RunView key={run.run} child={child} run={run} settings={settings} />)
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => setMarking(true)}>
          Not riding…
        </Button>
        <Button component={RouterLink} to={parentPaths.history(child.id)}>
          History
        </Button>
      </CardActions>
      {marking && (
        <AbsenceDialog
          child={child}
          settings={settings}
          onClose={() => setMarking(false)}
          onSaved={(message) => enqueueSnackbar(message, { variant: 'success' })}
        />
      )}
    </Card>
  );
}
