import type { ChildStop, ParentBus } from '@school-transport/shared';
import { lazy, Suspense, useState } from 'react';
import { useNow } from '../../lib/time/use-now';
import { useT } from '../i18n';
import { Text } from '../kit';
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
  const { t } = useT();
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
  const view = busView(bus, now, data?.reason ?? null, t);
  if (!data && !streamed) return <Text tone="muted">{t('bus.finding')}</Text>;
  return (
    <div className="parent-bus">
      {view.shown && (
        <Suspense fallback={<div className="parent-map" aria-hidden />}>
          <ParentBusMap
            bus={view.bus}
            freshness={view.freshness}
            stop={stop}
            label={t('map.label', { name: childName })}
          />
        </Suspense>
      )}
      {view.shown ? (
        <>
          <Text tone={view.freshness === 'fresh' ? undefined : 'muted'}>{view.text}</Text>
          {/* The age above ticks every second: a screen reader is told only when the bus turns stale. */}
          <span className="sr-visually-hidden" role="status">
            {t(view.freshness === 'fresh' ? 'bus.liveStatus' : 'bus.staleStatus')}
          </span>
        </>
      ) : (
        <div role="status">
          <Text tone="muted">{view.text}</Text>
        </div>
      )}
    </div>
  );
}
