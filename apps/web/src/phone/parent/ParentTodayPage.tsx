import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { PageLoader } from '../../components/shell/PageLoader';
import { RetryAlert } from '../../components/page/RetryAlert';
import { formatMoment } from '../../lib/time/format';
import { ChildCard } from './ChildCard';
import { parentKeys, useParentChildren, useParentSettings } from './parent-api';
import { useParentEvents } from './parent-live';

export const NO_CHILDREN_MESSAGE = 'No children are linked to your account; call the office.';

/** /parent: each child's runs today, kept live by the stream (a boarding or a trip's change reads them again). */
export function ParentTodayPage() {
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
  else if (children.data.children.length === 0)
    content = <Alert severity="info">{NO_CHILDREN_MESSAGE}</Alert>;
  else
    content = (
      <>
        {children.data.offlineSince && (
          <Alert severity="warning">
            {`You are offline. This is how things stood at ${formatMoment(children.data.offlineSince)}.`}
          </Alert>
        )}
        {children.data.children.map((child) => (
          <ChildCard key={child.id} child={child} settings={settings} />
        ))}
      </>
    );

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        Today
      </Typography>
      {content}
    </Stack>
  );
}
