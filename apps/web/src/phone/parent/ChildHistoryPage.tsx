import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PARENT_HISTORY_DAYS, type ChildHistoryEntry } from '@school-transport/shared';
import { Link as RouterLink, useParams } from 'react-router';
import { PageLoader } from '../../components/shell/PageLoader';
import { RetryAlert } from '../../components/page/RetryAlert';
import { formatTripDay } from '../../lib/time/format';
import { formatClock, useOperatorTimeZone } from '../../lib/time/operator-time';
import { useChildHistory, useParentChildren } from './parent-api';
import { parentPaths } from './parent-paths';
import { RUN_TITLES, STATE_COLORS, STATE_LABELS } from './run-state';

function timesOf(entry: ChildHistoryEntry, timeZone: string): string {
  const boarded = entry.boarded ? `Boarded ${formatClock(entry.boarded.at, timeZone)}` : 'Did not board';
  const left = entry.left ? `, left ${formatClock(entry.left.at, timeZone)}` : '';
  return `${boarded}${left}`;
}

/** /parent/children/:id/history: the child's runs of the last 30 days, newest first, with board and leave times. */
export function ChildHistoryPage() {
  const { id = '' } = useParams();
  const history = useChildHistory(id);
  const { data: today } = useParentChildren();
  const timeZone = useOperatorTimeZone();
  const name = today?.children.find((child) => child.id === id)?.name;

  let content;
  if (history.isPending) content = <PageLoader />;
  else if (history.isError)
    content = <RetryAlert error={history.error} onRetry={() => void history.refetch()} />;
  else if (history.data.length === 0)
    content = <Alert severity="info">{`No bus runs in the last ${PARENT_HISTORY_DAYS} days.`}</Alert>;
  else
    content = (
      <Paper>
        <List aria-label="Runs of the last 30 days">
          {history.data.map((entry) => (
            <ListItem key={`${entry.date}-${entry.run}`} divider>
              <ListItemText
                primary={`${formatTripDay(entry.date)} · ${RUN_TITLES[entry.run]}`}
                secondary={`${entry.routeName}. ${timesOf(entry, timeZone)}`}
              />
              <Chip size="small" label={STATE_LABELS[entry.state]} color={STATE_COLORS[entry.state]} />
            </ListItem>
          ))}
        </List>
      </Paper>
    );

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {name ? `${name}: last ${PARENT_HISTORY_DAYS} days` : `Last ${PARENT_HISTORY_DAYS} days`}
      </Typography>
      {content}
      <Button component={RouterLink} to={parentPaths.today} sx={{ alignSelf: 'flex-start' }}>
        Back to today
      </Button>
    </Stack>
  );
}
