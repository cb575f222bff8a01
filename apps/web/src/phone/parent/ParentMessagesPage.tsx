import type { ParentMessage } from '@school-transport/shared';
import { useState } from 'react';
import { useT } from '../i18n';
import {
  Alert,
  Button,
  Card,
  Chip,
  Dialog,
  Heading,
  List,
  ListItem,
  PageLoader,
  RetryAlert,
  Stack,
  Text,
} from '../kit';
import { useMarkMessageRead, useParentMessages } from './parent-messages-api';

/**
 * /parent/messages (decision 066): what the transport office sent this guardian, newest first, the unread ones
 * marked. Opening one shows it whole and marks it read (the office counts who read it).
 */
export function ParentMessagesPage() {
  const { t, formatDate } = useT();
  const messages = useParentMessages();
  const markRead = useMarkMessageRead();
  const [open, setOpen] = useState<ParentMessage | null>(null);

  const openMessage = (message: ParentMessage) => {
    setOpen(message);
    // A failure leaves it unread, to be marked at the next opening: nothing for the guardian to do.
    if (!message.readAt) markRead.mutate(message.id);
  };

  let content;
  if (messages.isPending) content = <PageLoader />;
  else if (messages.isError)
    content = <RetryAlert error={messages.error} onRetry={() => void messages.refetch()} />;
  else if (messages.data.length === 0) content = <Alert tone="info">{t('messages.empty')}</Alert>;
  else
    content = (
      <Card>
        <List label={t('messages.listLabel')}>
          {messages.data.map((message) => (
            <ListItem
              key={message.id}
              onClick={() => openMessage(message)}
              end={message.readAt ? undefined : <Chip tone="info">{t('messages.unread')}</Chip>}
            >
              <Text>{message.readAt ? message.body : <strong>{message.body}</strong>}</Text>
              <Text tone="muted" size="small">
                {formatDate(message.sentAt, 'minute')}
              </Text>
            </ListItem>
          ))}
        </List>
      </Card>
    );

  return (
    <Stack gap={3} align="stretch">
      <Heading level={1}>{t('messages.title')}</Heading>
      {content}
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        title={t('messages.fromOffice')}
        actions={<Button onClick={() => setOpen(null)}>{t('messages.close')}</Button>}
      >
        {open && (
          <Stack gap={1}>
            <Text>{open.body}</Text>
            <Text tone="muted" size="small">
              {formatDate(open.sentAt, 'minute')}
            </Text>
          </Stack>
        )}
      </Dialog>
    </Stack>
  );
}
