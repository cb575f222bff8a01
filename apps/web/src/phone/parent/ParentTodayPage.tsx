import { useQueryClient } from '@tanstack/react-query';
import { useT } from '../i18n';
import { Alert, Heading, PageLoader, RetryAlert, Stack } from '../kit';
import { ChildCard } from './ChildCard';
import { parentKeys, useParentChildren, useParentSettings } from './parent-api';
import { PlanChangesCard } from './PlanChangesCard';
import { useParentEvents } from './parent-live';

/** /parent: each child's runs today, kept live by the stream (a boarding or a trip's change reads them again). */
export function ParentTodayPage() {
  const { t, formatDate } = useT();
  const children = useParentChildren();
  const { data: settings } = useParentSettings();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: parentKeys.children });
  useParentEvents({
    ridership: refresh,
    trip: refresh,
    sync: refresh,
    // The first position of a bus coming into view (a few stops before the child's): read the runs again, so the
    // card shows the map.
    bus: (bus) => {
      const runs = children.data?.children.flatMap((entry) => entry.runs) ?? [];
      if (runs.some((run) => run.tripId === bus.tripId && !run.busVisible)) refresh();
    },
  });

  let content;
  if (children.isPending) content = <PageLoader />;
  else if (children.isError)
    content = <RetryAlert error={children.error} onRetry={() => void children.refetch()} />;
  else if (children.data.children.length === 0) content = <Alert tone="info">{t('today.noChildren')}</Alert>;
  else
    content = (
      <>
        {children.data.offlineSince && (
          <Alert tone="warning">
            {t('today.offline', { time: formatDate(children.data.offlineSince, 'minute') })}
          </Alert>
        )}
        {children.data.children.map((child) => (
          <ChildCard key={child.id} child={child} settings={settings} />
        ))}
      </>
    );

  return (
    <Stack gap={2}>
      <Heading level={1}>{t('today.title')}</Heading>
      <PlanChangesCard />
      {content}
    </Stack>
  );
}
