import {
  THREAD_MESSAGE_MAX,
  threadMessageInputSchema,
  familyThreadInputSchema,
  type ParentThread,
} from '@school-transport/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api/api-client';
import { localToday } from '../../lib/time/format';
import { useT } from '../i18n';
import {
  Alert,
  Button,
  Card,
  Chip,
  Heading,
  List,
  ListItem,
  PageLoader,
  RetryAlert,
  SelectField,
  Stack,
  Text,
  TextArea,
  TextField,
  useToast,
} from '../kit';
import { useParentChildren } from './parent-api';
import { useMarkThreadRead, useParentThreads, useStartThread, useWriteInThread } from './parent-threads-api';

/** The schema's fields, each with the words a guardian reads when it is not right (its own are English). */
const FIELD_ERRORS: Record<string, string> = {
  studentId: 'threads.error.child',
  date: 'threads.error.date',
  body: 'threads.error.body',
};

/** What a refused send says: the server's words, or that it could not be reached. */
function useRefusal() {
  const { t } = useT();
  const [refusal, setRefusal] = useState<string | null>(null);
  const refused = (error: unknown) =>
    setRefusal(error instanceof ApiError && error.status !== 0 ? error.message : t('kit.cannotReachServer'));
  return { refusal, setRefusal, refused };
}

function NewThreadForm() {
  const { t } = useT();
  const show = useToast();
  const { data: family } = useParentChildren();
  const send = useStartThread();
  const children = family?.children ?? [];
  const [studentId, setStudentId] = useState('');
  const [date, setDate] = useState(localToday());
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { refusal, setRefusal, refused } = useRefusal();
  const childId = studentId || (children.length === 1 ? children[0]!.id : '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = familyThreadInputSchema.safeParse({ studentId: childId, date, body });
    const found: Record<string, string> = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        found[field] ??= t(FIELD_ERRORS[field] ?? 'threads.error.body');
      }
    setErrors(found);
    if (!parsed.success) return;
    setRefusal(null);
    try {
      await send.mutateAsync(parsed.data);
      show(t('threads.sent'), 'success');
      setBody('');
    } catch (error) {
      refused(error);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="message-new">
      <Stack gap={2}>
        <Heading level={2} id="message-new">
          {t('threads.new')}
        </Heading>
        {refusal && <Alert tone="error">{refusal}</Alert>}
        {children.length !== 1 && (
          <SelectField
            label={t('threads.child')}
            required
            value={studentId}
            onChange={(event) => setStudentId(event.target.value)}
            error={errors.studentId}
            options={[
              { value: '', label: t('threads.chooseChild') },
              ...children.map((row) => ({ value: row.id, label: row.name })),
            ]}
          />
        )}
        <TextField
          label={t('threads.date')}
          type="date"
          required
          value={date}
          onChange={(event) => setDate(event.target.value)}
          error={errors.date}
        />
        <TextArea
          label={t('threads.body')}
          hint={t('threads.bodyHint')}
          required
          value={body}
          maxLength={THREAD_MESSAGE_MAX}
          onChange={(event) => setBody(event.target.value)}
          error={errors.body}
        />
        <div>
          <Button type="submit" busy={send.isPending}>
            {t('threads.send')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

/** One thread: its messages, oldest first, and the guardian's next one. Opening it marks the replies read. */
function Thread({ thread }: { thread: ParentThread }) {
  const { t, formatDate, formatTime } = useT();
  const show = useToast();
  const write = useWriteInThread();
  const markRead = useMarkThreadRead();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { refusal, setRefusal, refused } = useRefusal();
  const { mutate } = markRead;
  useEffect(() => {
    if (thread.unread > 0) mutate(thread.id);
  }, [thread.id, thread.unread, mutate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = threadMessageInputSchema.safeParse({ body });
    setError(parsed.success ? undefined : t('threads.error.body'));
    if (!parsed.success) return;
    setRefusal(null);
    try {
      await write.mutateAsync({ id: thread.id, ...parsed.data });
      show(t('threads.sent'), 'success');
      setBody('');
    } catch (failure) {
      refused(failure);
    }
  };

  const headingId = `thread-${thread.id}`;
  return (
    <Card as="section" labelledBy={headingId}>
      <Stack gap={2}>
        <Stack gap={1}>
          <Heading level={3} id={headingId}>
            {t('threads.about', { name: thread.studentName, date: formatDate(thread.date, 'shortDate') })}
          </Heading>
          <div>
            <Chip tone={thread.state === 'OPEN' ? 'info' : 'neutral'}>
              {t(`threads.state.${thread.state}`)}
            </Chip>{' '}
            {thread.unread > 0 && (
              <Chip tone="warning">{t('threads.newReplies', { count: thread.unread })}</Chip>
            )}
          </div>
        </Stack>
        <List label={t('threads.listOf', { name: thread.studentName })}>
          {thread.messages.map((message) => (
            <ListItem key={message.id}>
              <Text size="small" tone="muted">
                {message.side === 'OFFICE' ? t('threads.fromOffice') : t('threads.fromMe')} ·{' '}
                {formatDate(message.sentAt, 'shortDate')} {formatTime(message.sentAt)}
              </Text>
              <Text>{message.body}</Text>
            </ListItem>
          ))}
        </List>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Stack gap={1}>
            {refusal && <Alert tone="error">{refusal}</Alert>}
            <TextArea
              label={t('threads.reply')}
              hint={thread.state === 'CLOSED' ? t('threads.reopenHint') : undefined}
              rows={2}
              value={body}
              maxLength={THREAD_MESSAGE_MAX}
              onChange={(event) => setBody(event.target.value)}
              error={error}
            />
            <div>
              <Button type="submit" variant="outlined" busy={write.isPending}>
                {t('threads.send')}
              </Button>
            </div>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}

function Threads() {
  const { t } = useT();
  const threads = useParentThreads();
  let content;
  if (threads.isPending) content = <PageLoader />;
  else if (threads.isError)
    content = <RetryAlert error={threads.error} onRetry={() => void threads.refetch()} />;
  else if (threads.data.length === 0) content = <Alert tone="info">{t('threads.empty')}</Alert>;
  else content = threads.data.map((thread) => <Thread key={thread.id} thread={thread} />);
  return (
    <Stack gap={2} align="stretch">
      <Heading level={2}>{t('threads.mine')}</Heading>
      {content}
    </Stack>
  );
}

/**
 * /parent/threads (decision 067): write to the office about a child and a date, and follow the conversations:
 * the office's replies (signed "the office"), a new reply marked until it is seen, and the guardian's next word.
 * Only the guardian who wrote a thread sees it.
 */
export function ParentThreadsPage() {
  const { t } = useT();
  const { data, isPending, isError, error, refetch } = useParentChildren();
  return (
    <Stack gap={3} align="stretch">
      <Heading level={1}>{t('threads.title')}</Heading>
      <Text>{t('threads.intro')}</Text>
      {isPending ? (
        <PageLoader />
      ) : isError ? (
        <RetryAlert error={error} onRetry={() => void refetch()} />
      ) : data.children.length === 0 ? (
        <Alert tone="info">{t('today.noChildren')}</Alert>
      ) : (
        <Card>
          <NewThreadForm />
        </Card>
      )}
      <Threads />
    </Stack>
  );
}
