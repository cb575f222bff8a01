import EditCalendarOutlinedIcon from '@mui/icons-material/EditCalendarOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { DayChange, DayChangeKind } from '@school-transport/shared';
import { formatClock, useOperatorTimeZone } from '../../lib/time/operator-time';
import { useDayChanges } from './live-api';
import { LivePanel } from './LivePanel';

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
    <>
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
    </>
  );
}

/**
 * What changed today's plan, newest first, with who changed it and when (decision 060): covers made and undone,
 * runs cancelled, delayed or rescued. Read again whenever a trip changes on the stream (useFollowLive on the screen around it).
 */
export function DayChangesPanel() {
  const { data: changes, error, refetch } = useDayChanges();
  const timeZone = useOperatorTimeZone();
  return (
    <LivePanel
      title="Changes today"
      icon={<EditCalendarOutlinedIcon color="action" aria-hidden />}
      items={changes}
      error={error}
      onRetry={() => void refetch()}
      empty="No changes to today's plan."
      keyOf={(change) => change.id}
      renderItem={(change) => <ChangeItem change={change} timeZone={timeZone} />}
    />
  );
}
