import { RetryAlert } from '../../components/page/RetryAlert';
import EditCalendarOutlinedIcon from '@mui/icons-material/EditCalendarOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DayChange, DayChangeKind } from '@school-transport/shared';
import { useId } from 'react';
import { formatClock, useOperatorTimeZone } from '../../lib/time/operator-time';
import { useDayChanges } from './live-api';

const KIND_LABELS: Record<DayChangeKind, string> = {
  COVER_MADE: 'Cover',
  COVER_UNDONE: 'Cover undone',
  CANCELLED: 'Cancelled',
  DELAYED: 'Delayed',
  DELAY_CLEARED: 'On time again',
  RESCUED: 'Rescue',
  COMBINED: 'Runs combined',
  COMBINE_UNDONE: 'Combine undone',
};

function ChangeItem({ change, timeZone }: { change: DayChange; timeZone: string }) {
  return (
    <Box
      component="li"
      sx={{
        listStyle: 'none',
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0 },
      }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Chip size="small" variant="outlined" label={KIND_LABELS[change.kind]} />
        <Typography
          component="time"
          dateTime={change.at}
          variant="body2"
          sx={{ ml: 'auto', color: 'text.secondary' }}
        >
          {formatClock(change.at, timeZone)}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
        {change.summary}
      </Typography>
      {change.reason && (
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          Reason: {change.reason}
        </Typography>
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        By {change.by ?? 'a user since removed'}
      </Typography>
    </Box>
  );
}

/**
 * What changed today's plan, newest first, with who changed it and when (decision 060): covers made and undone,
 * runs cancelled, delayed or rescued. Read again whenever a trip changes on the stream (useFollowLive on the screen around it).
 */
export function DayChangesPanel() {
  const { data: changes, error, refetch } = useDayChanges();
  const timeZone = useOperatorTimeZone();
  const headingId = useId();

  let body;
  if (error && !changes) {
    body = <RetryAlert error={error} onRetry={() => void refetch()} />;
  } else if (!changes) {
    body = <Skeleton height={72} />;
  } else if (changes.length === 0) {
    body = <Typography sx={{ color: 'text.secondary' }}>No changes to today's plan.</Typography>;
  } else {
    body = (
      <Box component="ul" aria-labelledby={headingId} sx={{ m: 0, p: 0 }}>
        {changes.map((change) => (
          <ChangeItem key={change.id} change={change} timeZone={timeZone} />
        ))}
      </Box>
    );
  }

  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <EditCalendarOutlinedIcon color="action" aria-hidden />
        <Typography id={headingId} variant="h6" component="h2">
          Changes today{changes ? ` (${changes.length})` : ''}
        </Typography>
      </Stack>
      {body}
    </Paper>
  );
}
