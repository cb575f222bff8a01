import Typography from '@mui/material/Typography';
import type { ChildStop, ParentBus } from '@school-transport/shared';
import { lazy, Suspense, useState } from 'react';
import { MapPlaceholder } from '../../components/map/MapPlaceholder';
import { useNow } from '../../lib/time/use-now';
import { busView, newerBus } from './bus-position';
import { useParentBus } from './parent-api';
import { useParentEvents } from './parent-live';

// Leaflet comes in its own chunk, only once a bus is there to be shown.
const ParentBusMap = lazy(() => import('./ParentBusMap'));

/**
 * The bus of a run while it carries the child (the card shows this only while the run says `busVisible`): its
 * position from GET …/trips/:id/bus, then each `bus` event of the stream for that trip. The age ticks on screen,
 * so a bus that stops sending turns grey after 15 s and goes after 60 s without any event saying so.
 */
export function BusPanel({
  tripId,
  stop,
  childName,
}: {
  tripId: string;
  stop: ChildStop | null;
  childName: string;
}) {
  const { data } = useParentBus(tripId);
  const [streamed, setStreamed] = useState<ParentBus | null>(null);
  useParentEvents({
    bus: (bus) => {
      if (bus.tripId === tripId) setStreamed((held) => newerBus(held, bus));
    },
  });
  const now = useNow();
  const fromRoute = data?.bus ?? null;
  const bus = streamed && fromRoute ? newerBus(fromRoute, streamed) : (streamed ?? fromRoute);
  const view = busView(bus, now, data?.reason ?? null);
  if (!data && !streamed) return <Typography color="text.secondary">Finding the bus…</Typography>;
  return (
    <>
      {view.shown && (
        <Suspense fallback={<MapPlaceholder height={220} />}>
          <ParentBusMap
            bus={view.bus}
            freshness={view.freshness}
            stop={stop}
            label={`Map of ${childName}’s bus`}
          />
        </Suspense>
      )}
      <Typography
        variant="body2"
        color={view.shown && view.freshness === 'fresh' ? 'text.primary' : 'text.secondary'}
      >
        {view.text}
      </Typography>
    </>
  );
}
