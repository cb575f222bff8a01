import type { ChildHistoryEntry } from '@school-transport/shared';
import { PARENT_HISTORY_DAYS } from '@school-transport/shared/parent-portal-constants';
import { useParams } from 'react-router';
import { useT, type Translation } from '../i18n';
import { Alert, Card, Chip, Heading, List, ListItem, PageLoader, RetryAlert, Stack, Text } from '../kit';
import { BackToToday } from './BackToToday';
import { useChildHistory, useParentChildren } from './parent-api';
import { STATE_TONES } from './run-state';

function timesOf(entry: ChildHistoryEntry, { t, formatTime }: Pick<Translation, 't' | 'formatTime'>): string {
  if (!entry.boarded) return t('history.notBoarded');
  const boarded = formatTime(entry.boarded.at);
  const times = entry.left
    ? t('history.boardedLeft', { boarded, left: formatTime(entry.left.at) })
    : t('history.boarded', { time: boarded });
  // Who received the child, or that no authorized adult was there (decision 065).
  const handOver = entry.left?.receivedBy
    ? t('run.receivedBy', { name: entry.left.receivedBy.name, relation: entry.left.receivedBy.relation })
    : entry.handOverMiss
      ? t(`run.kept.${entry.handOverMiss.rule}`, {
          stop: entry.handOverMiss.stopName ?? t('run.kept.theStop'),
        })
      : null;
  return handOver ? `${times} ${handOver}` : times;
}

/** /parent/children/:id/history: the child's runs of the last 30 days, newest first, with board and leave times. */
export function ChildHistoryPage() {
  const words = useT();
  const { t, formatDate } = words;
  const { id = '' } = useParams();
  const history = useChildHistory(id);
  const { data: today } = useParentChildren();
  const name = today?.children.find((child) => child.id === id)?.name;
  const days = { count: PARENT_HISTORY_DAYS };

  let content;
  if (history.isPending) content = <PageLoader />;
  else if (history.isError)
    content = <RetryAlert error={history.error} onRetry={() => void history.refetch()} />;
  else if (history.data.length === 0) content = <Alert tone="info">{t('history.empty', days)}</Alert>;
  else
    content = (
      <Card>
        <List label={t('history.listLabel', days)}>
          {history.data.map((entry) => (
            <ListItem
              key={`${entry.date}-${entry.run}`}
              end={<Chip tone={STATE_TONES[entry.state]}>{t(`state.${entry.state}`)}</Chip>}
            >
              <Text>
                {t('history.entry', {
                  date: formatDate(entry.date, 'shortDate'),
                  run: t(`run.${entry.run}`),
                })}
              </Text>
              <Text tone="muted" size="small">
                {t('history.detail', { route: entry.routeName, times: timesOf(entry, words) })}
              </Text>
            </ListItem>
          ))}
        </List>
      </Card>
    );

  return (
    <Stack gap={2} align="stretch">
      <Heading level={1}>
        {name ? t('history.title', { ...days, name }) : t('history.titleNoName', days)}
      </Heading>
      {content}
      <BackToToday />
    </Stack>
  );
}
