import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import {
  FAMILY_INBOX_FILTERS,
  type FamilyInboxFilter,
  type FamilyThreadSummary,
} from '@school-transport/shared';
import { RetryAlert } from '../../components/page/RetryAlert';
import { PageLoader } from '../../components/shell/PageLoader';
import { useFamilyInboxUnread } from '../../lib/api/family-inbox-unread-api';
import { formatDate, formatMoment } from '../../lib/time/format';
import { useFamilyThreads } from './family-inbox-api';
import { ThreadDialog } from './ThreadDialog';

const TAB_LABELS: Record<FamilyInboxFilter, string> = {
  open: 'Open',
  mine: 'Assigned to me',
  closed: 'Closed',
};
const EMPTY: Record<FamilyInboxFilter, string> = {
  open: 'No open conversations: families’ messages appear here.',
  mine: 'No open conversation is assigned to you.',
  closed: 'No closed conversations.',
};

const filterOf = (value: string | null): FamilyInboxFilter =>
  FAMILY_INBOX_FILTERS.find((filter) => filter === value) ?? 'open';

function ThreadCard({ thread, onOpen }: { thread: FamilyThreadSummary; onOpen: () => void }) {
  return (
    <Box component="li" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, minWidth: 0 }}>
      <ButtonBase
        onClick={onOpen}
        aria-label={`Conversation about ${thread.studentName}${thread.unread ? `, ${thread.unread} unread` : ''}`}
        sx={{ display: 'block', width: '100%', textAlign: 'start', p: 1.5, minHeight: 48 }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: thread.unread ? 700 : 600 }}>
            {thread.studentName}
          </Typography>
          <Typography color="text.secondary">{formatDate(thread.date)}</Typography>
          {thread.unread > 0 && <Chip size="small" color="primary" label={`${thread.unread} unread`} />}
          {thread.manifestNote && <Chip size="small" variant="outlined" label="On the manifest" />}
        </Stack>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{thread.preview}</Typography>
        <Typography variant="body2" color="text.secondary">
          {thread.guardianName} · {formatMoment(thread.lastMessageAt)}
          {thread.assignee ? ` · ${thread.assignee.name}` : ' · Unassigned'}
        </Typography>
      </ButtonBase>
    </Box>
  );
}

/**
 * The family inbox (decision 067): guardians' conversations with the office about a child and a date, open (the
 * default), assigned to the viewer, or closed (`?filter=`), newest activity first; one opens in a dialog
 * (`?thread=`) to read, reply, assign, close or reopen, and to put a note on that date's manifests.
 */
export function FamilyInboxPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params.get('filter'));
  const open = params.get('thread');
  const threads = useFamilyThreads(filter);
  const unread = useFamilyInboxUnread();
  const go = (next: { filter?: FamilyInboxFilter; thread?: string | null }) => {
    const search = new URLSearchParams({ filter: next.filter ?? filter });
    const thread = next.thread === undefined ? open : next.thread;
    if (thread) search.set('thread', thread);
    setParams(search);
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          Family inbox
        </Typography>
        {unread.data !== undefined && unread.data > 0 && (
          <Badge
            color="primary"
            badgeContent={unread.data}
            aria-label={`${unread.data} unread conversations`}
          >
            <Box sx={{ width: 8 }} />
          </Badge>
        )}
      </Stack>
      <Tabs
        value={filter}
        onChange={(_, value: FamilyInboxFilter) => go({ filter: value, thread: null })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Conversation filters"
      >
        {FAMILY_INBOX_FILTERS.map((value) => (
          <Tab key={value} value={value} label={TAB_LABELS[value]} />
        ))}
      </Tabs>
      {threads.isPending ? (
        <PageLoader />
      ) : threads.isError ? (
        <RetryAlert error={threads.error} onRetry={() => void threads.refetch()} />
      ) : threads.data.length === 0 ? (
        <Alert severity="info">{EMPTY[filter]}</Alert>
      ) : (
        <Stack spacing={1.5} component="ul" aria-label="Conversations" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {threads.data.map((thread) => (
            <ThreadCard key={thread.id} thread={thread} onOpen={() => go({ thread: thread.id })} />
          ))}
        </Stack>
      )}
      {open && <ThreadDialog id={open} onClose={() => go({ thread: null })} />}
    </Stack>
  );
}
