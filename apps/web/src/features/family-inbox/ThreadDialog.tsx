import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useSnackbar } from 'notistack';
import { useEffect, useState, type FormEvent } from 'react';
import {
  THREAD_MESSAGE_MAX,
  MANIFEST_NOTE_MAX,
  threadMessageInputSchema,
  manifestNoteInputSchema,
  type FamilyThread,
} from '@school-transport/shared';
import { ConfirmDialog } from '../../components/page/ConfirmDialog';
import { RetryAlert } from '../../components/page/RetryAlert';
import { PageLoader } from '../../components/shell/PageLoader';
import { ApiError } from '../../lib/api/api-client';
import { formatDate, formatMoment } from '../../lib/time/format';
import {
  useAssign,
  useCloseThread,
  useColleagues,
  useFamilyThread,
  useManifestNote,
  useMarkRead,
  useReply,
} from './family-inbox-api';
import { useMayUse } from '../../lib/session/session';

const problem = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/** The first issue of a schema's check, shown under its field; null when the text passes. */
function fieldError(schema: typeof threadMessageInputSchema | typeof manifestNoteInputSchema, value: object) {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Not valid');
}

function Messages({ thread }: { thread: FamilyThread }) {
  return (
    <Stack component="ol" spacing={1} aria-label="Messages" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {thread.messages.map((message) => (
        <Box
          component="li"
          key={message.id}
          sx={{
            p: 1.5,
            borderRadius: 1,
            bgcolor: message.side === 'OFFICE' ? 'action.selected' : 'action.hover',
            ml: message.side === 'OFFICE' ? 4 : 0,
            mr: message.side === 'OFFICE' ? 0 : 4,
          }}
        >
          <Typography variant="body2" color="text.secondary">
            {message.side === 'OFFICE' ? `${message.author} (office)` : message.author} ·{' '}
            {formatMoment(message.sentAt)}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.body}</Typography>
        </Box>
      ))}
    </Stack>
  );
}

function ReplyForm({ thread }: { thread: FamilyThread }) {
  const reply = useReply();
  const { enqueueSnackbar } = useSnackbar();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = fieldError(threadMessageInputSchema, { body });
    setError(found);
    if (found) return;
    try {
      await reply.mutateAsync({ id: thread.id, body });
      enqueueSnackbar('Reply sent; the guardian is told.', { variant: 'success' });
      setBody('');
    } catch (failure) {
      setError(problem(failure, 'The reply could not be sent.'));
    }
  };
  if (thread.state === 'CLOSED')
    return <Alert severity="info">This conversation is closed. Reopen it to reply.</Alert>;
  return (
    <Stack component="form" noValidate spacing={1} onSubmit={(event) => void submit(event)}>
      <TextField
        label="Reply to the guardian"
        multiline
        minRows={2}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        error={error !== null}
        helperText={error ?? 'The guardian reads it as from “the office”.'}
        slotProps={{ htmlInput: { maxLength: THREAD_MESSAGE_MAX } }}
      />
      <Box>
        <Button type="submit" variant="contained" loading={reply.isPending}>
          Send reply
        </Button>
      </Box>
    </Stack>
  );
}

function AssigneeField({ thread }: { thread: FamilyThread }) {
  const colleagues = useColleagues();
  const assign = useAssign();
  const { enqueueSnackbar } = useSnackbar();
  if (colleagues.isError)
    return <RetryAlert error={colleagues.error} onRetry={() => void colleagues.refetch()} />;
  const change = async (userId: string) => {
    try {
      await assign.mutateAsync({ id: thread.id, userId: userId || null });
      enqueueSnackbar(userId ? 'Conversation assigned.' : 'Conversation unassigned.', { variant: 'success' });
    } catch (failure) {
      enqueueSnackbar(problem(failure, 'The conversation could not be assigned.'), { variant: 'error' });
    }
  };
  return (
    <TextField
      select
      label="Assigned to"
      value={thread.assignee?.id ?? ''}
      disabled={colleagues.isPending || assign.isPending}
      onChange={(event) => void change(event.target.value)}
      sx={{ minWidth: 200 }}
    >
      <MenuItem value="">Nobody</MenuItem>
      {(colleagues.data ?? []).map((colleague) => (
        <MenuItem key={colleague.id} value={colleague.id}>
          {colleague.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The office's short note beside the child on the manifests of the thread's date; the only thing drivers see. */
function ManifestNoteForm({ thread }: { thread: FamilyThread }) {
  const save = useManifestNote();
  const { enqueueSnackbar } = useSnackbar();
  const [note, setNote] = useState(thread.manifestNote ?? '');
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = fieldError(manifestNoteInputSchema, { note });
    setError(found);
    if (found) return;
    try {
      await save.mutateAsync({ id: thread.id, note });
      enqueueSnackbar(`Note put on ${thread.studentName}’s manifests of ${formatDate(thread.date)}.`, {
        variant: 'success',
      });
    } catch (failure) {
      setError(problem(failure, 'The note could not be saved.'));
    }
  };
  return (
    <Stack component="form" noValidate spacing={1} onSubmit={(event) => void submit(event)}>
      <TextField
        label={`Note for the driver on ${formatDate(thread.date)}`}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        error={error !== null}
        helperText={error ?? 'Drivers see only this note, beside the child, on that date’s trips.'}
        slotProps={{ htmlInput: { maxLength: MANIFEST_NOTE_MAX } }}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="outlined" loading={save.isPending}>
          {thread.manifestNote ? 'Update manifest note' : 'Put on the manifest'}
        </Button>
        {thread.manifestNote && (
          <Button color="error" onClick={() => setRemoving(true)}>
            Remove note
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        open={removing}
        onClose={() => setRemoving(false)}
        title="Remove the manifest note?"
        text={`The driver will no longer read it beside ${thread.studentName} on ${formatDate(thread.date)}.`}
        confirmLabel="Remove"
        onConfirm={async () => {
          try {
            await save.mutateAsync({ id: thread.id, note: null });
            setNote('');
            enqueueSnackbar('Note removed from the manifest.', { variant: 'success' });
          } catch (failure) {
            enqueueSnackbar(problem(failure, 'The note could not be removed.'), { variant: 'error' });
            throw failure;
          }
        }}
      />
    </Stack>
  );
}

function ThreadBody({ thread }: { thread: FamilyThread }) {
  // Answering families is the day's work: administrators and dispatchers; a viewer reads (decision 077).
  const answers = useMayUse('dispatch');
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Chip
          size="small"
          color={thread.state === 'OPEN' ? 'primary' : 'default'}
          label={thread.state.toLowerCase()}
        />
        <Typography>
          From {thread.guardianName}
          {thread.guardianEmail ? ` (${thread.guardianEmail})` : ''}
        </Typography>
      </Stack>
      <Messages thread={thread} />
      {answers && (
        <>
          <ReplyForm thread={thread} />
          <AssigneeField thread={thread} />
          <ManifestNoteForm key={thread.manifestNote ?? ''} thread={thread} />
        </>
      )}
    </Stack>
  );
}

/**
 * One conversation (decision 067): its messages, a reply, who has it, the note it puts on that date's manifests,
 * and Close (asks first) or Reopen. Opening it marks the guardian's messages read for the whole office.
 */
export function ThreadDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const thread = useFamilyThread(id);
  const markRead = useMarkRead();
  const close = useCloseThread();
  const { enqueueSnackbar } = useSnackbar();
  const [closing, setClosing] = useState(false);
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const answers = useMayUse('dispatch');
  const unread = thread.data?.unread ?? 0;
  const { mutate } = markRead;
  // A viewer's reading marks nothing read: the messages still wait for someone who answers.
  useEffect(() => {
    if (answers && unread > 0) mutate(id);
  }, [id, unread, mutate, answers]);

  const setClosed = async (closed: boolean) => {
    try {
      await close.mutateAsync({ id, close: closed });
      enqueueSnackbar(closed ? 'Conversation closed.' : 'Conversation reopened.', { variant: 'success' });
    } catch (failure) {
      enqueueSnackbar(problem(failure, 'The conversation could not be changed.'), { variant: 'error' });
      throw failure;
    }
  };

  const data = thread.data;
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby="thread-title"
    >
      <DialogTitle id="thread-title">
        {data ? `${data.studentName}, ${formatDate(data.date)}` : 'Conversation'}
      </DialogTitle>
      <DialogContent dividers>
        {thread.isPending ? (
          <PageLoader />
        ) : thread.isError ? (
          <RetryAlert error={thread.error} onRetry={() => void thread.refetch()} />
        ) : (
          <ThreadBody thread={thread.data} />
        )}
      </DialogContent>
      <DialogActions>
        {answers && data?.state === 'OPEN' && (
          <Button color="error" onClick={() => setClosing(true)}>
            Close conversation
          </Button>
        )}
        {answers && data?.state === 'CLOSED' && (
          <Button onClick={() => void setClosed(false).catch(() => undefined)} loading={close.isPending}>
            Reopen
          </Button>
        )}
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
      <ConfirmDialog
        open={closing}
        onClose={() => setClosing(false)}
        title="Close this conversation?"
        text="It leaves the open list. The guardian can still write, which opens it again."
        confirmLabel="Close"
        onConfirm={() => setClosed(true)}
      />
    </Dialog>
  );
}
