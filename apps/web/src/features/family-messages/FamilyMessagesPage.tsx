import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { fetchFailedMessage, type FamilyMessage } from '@school-transport/shared';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { AddButton } from '../../components/list-page/AddButton';
import type { Column } from '../../components/list-page/columns';
import { DataTable } from '../../components/list-page/DataTable';
import { RecordCards } from '../../components/list-page/RecordCards';
import { PageHeader } from '../../components/page/PageHeader';
import { RetryAlert } from '../../components/page/RetryAlert';
import { PageLoader } from '../../components/shell/PageLoader';
import { paths } from '../../lib/paths/paths';
import { formatMoment } from '../../lib/time/format';
import { useFamilyMessages } from './family-messages-api';

const SendMessageDialog = lazy(async () => ({
  default: (await import('./SendMessageDialog')).SendMessageDialog,
}));

/** How far the sending is: written, pushed or mailed (or given up), out of how many guardians. */
function Progress({ message }: { message: FamilyMessage }) {
  if (message.state === 'QUEUED') return <Typography variant="body2">Finding the guardians…</Typography>;
  const total = message.recipients ?? 0;
  if (message.state === 'DONE') return <Typography variant="body2">Sent to {total}</Typography>;
  const percent = total ? Math.round((message.handled / total) * 100) : 100;
  return (
    <Box sx={{ minWidth: 140 }}>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={`Sending: ${message.handled} of ${total}`}
      />
      <Typography variant="caption">
        Sending: {message.handled} of {total}
      </Typography>
    </Box>
  );
}

/**
 * Messages to families (issue 35 item 3, decision 066): what the office sent to whom, how far the sending is, and
 * how many guardians it reached and read it; 'Send a message' writes a new one. A table on a wide screen, cards on
 * a phone.
 */
export function FamilyMessagesPage() {
  const [sending, setSending] = useState(false);
  const messages = useFamilyMessages();
  const asCards = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });

  const columns: Column<FamilyMessage>[] = [
    { header: 'To', card: 'title', cell: (message) => message.audienceLabel },
    { header: 'Message', card: 'field', cell: (message) => message.body },
    { header: 'Sent', card: 'field', cell: (message) => formatMoment(message.createdAt) },
    { header: 'Progress', card: 'field', cell: (message) => <Progress message={message} /> },
    { header: 'Recipients', card: 'field', align: 'right', cell: (message) => message.recipients ?? '—' },
    { header: 'Delivered', card: 'field', align: 'right', cell: (message) => message.delivered },
    { header: 'Read', card: 'field', align: 'right', cell: (message) => message.read },
    { header: 'By', cell: (message) => message.sentBy ?? '—' },
  ];

  const list = () => {
    if (messages.isPending) return <PageLoader />;
    if (messages.isError)
      return <RetryAlert message={fetchFailedMessage('messages')} onRetry={() => void messages.refetch()} />;
    if (messages.data.length === 0)
      return (
        <Typography align="center" sx={{ py: 6, color: 'text.secondary' }}>
          No message sent yet. Send one to the guardians of a run, a route, a school, a stop or everyone.
        </Typography>
      );
    const rowKey = (message: FamilyMessage) => message.id;
    // Not dimmed while refetching: a message being sent is asked for every 2 s and its counts move in place.
    return asCards ? (
      <RecordCards label="Messages" columns={columns} rows={messages.data} rowKey={rowKey} stale={false} />
    ) : (
      <DataTable
        columns={columns}
        rows={messages.data}
        rowKey={rowKey}
        serialOf={(index) => index + 1}
        stale={false}
      />
    );
  };

  return (
    <>
      <PageHeader
        title="Messages to Families"
        action={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button component={RouterLink} to={paths.messageTemplates}>
              Templates
            </Button>
            <AddButton label="Send a Message" access="dispatch" onClick={() => setSending(true)} />
          </Box>
        }
      />
      <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>{list()}</Paper>
      {sending && (
        <Suspense fallback={null}>
          <SendMessageDialog onClose={() => setSending(false)} />
        </Suspense>
      )}
    </>
  );
}
