import type { Alert, BoardTrip, LivePosition } from '@school-transport/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { coalesce } from '../../lib/live/coalesce';
import { BOARD_KEY, DAY_CHANGES_KEY, LIVE_KEY, liveTripKey, newestFirst, OPEN_ALERTS_KEY } from './live-api';
import { useLiveEvents } from '../../lib/live/live-hooks';

/** A move, a scan or a stop reached shows within about half a second, however many arrive together. */
const SOON_MS = 500;
const SOON_MAX_MS = 2_000;
/** Positions move the marker at once (patched in); the estimates they change come with a slower refetch. */
const ESTIMATES_MS = 5_000;
const ESTIMATES_MAX_MS = 10_000;

/** The newer of two fixes: positions may arrive out of order (a phone's outbox sends old ones late). */
function withPosition(trip: BoardTrip, position: LivePosition): BoardTrip {
  if (trip.lastFix && trip.lastFix.recordedAt >= position.recordedAt) return trip;
  const { lat, lng, accuracy, recordedAt } = position;
  return { ...trip, lastFix: { lat, lng, accuracy, recordedAt } };
}

/** An alert raised joins the open ones; an acknowledged one (by anyone, on any screen) leaves them. */
export function withAlert(alerts: readonly Alert[], alert: Alert): Alert[] {
  const others = alerts.filter((each) => each.id !== alert.id);
  return alert.acknowledgedAt ? others : newestFirst([...others, alert]);
}

function patchPosition(client: QueryClient, position: LivePosition) {
  client.setQueryData<BoardTrip[]>(BOARD_KEY, (trips) =>
    trips?.map((trip) => (trip.tripId === position.tripId ? withPosition(trip, position) : trip)),
  );
}

/**
 * Keeps what the dispatcher's screens loaded (the board, the open alerts, an open trip's timeline) in step with
 * the event stream, for as long as the calling screen is open.
 */
export function useFollowLive(): void {
  const client = useQueryClient();
  const refresh = useMemo(
    () => ({
      soon: coalesce(() => void client.invalidateQueries({ queryKey: BOARD_KEY }), SOON_MS, SOON_MAX_MS),
      // A cover or a cancellation moves trips: the day's changes are read again with the board.
      changes: coalesce(
        () => void client.invalidateQueries({ queryKey: DAY_CHANGES_KEY }),
        SOON_MS,
        SOON_MAX_MS,
      ),
      estimates: coalesce(
        () => void client.invalidateQueries({ queryKey: BOARD_KEY }),
        ESTIMATES_MS,
        ESTIMATES_MAX_MS,
      ),
    }),
    [client],
  );
  useEffect(
    () => () => {
      refresh.soon.cancel();
      refresh.changes.cancel();
      refresh.estimates.cancel();
    },
    [refresh],
  );

  const tripChanged = ({ tripId }: { tripId: string }) => {
    refresh.soon.schedule();
    void client.invalidateQueries({ queryKey: liveTripKey(tripId) });
  };

  useLiveEvents({
    sync: () => void client.invalidateQueries({ queryKey: LIVE_KEY }),
    position: (position) => {
      patchPosition(client, position);
      refresh.estimates.schedule();
    },
    ridership: tripChanged,
    trip: (event) => {
      tripChanged(event);
      refresh.changes.schedule();
    },
    stops: tripChanged,
    alert: (alert) => {
      client.setQueryData<Alert[]>(OPEN_ALERTS_KEY, (alerts) => (alerts ? withAlert(alerts, alert) : alerts));
      // A list on its way may have been read before this alert: read it again rather than lose the alert.
      if (client.isFetching({ queryKey: OPEN_ALERTS_KEY }) > 0) {
        void client.invalidateQueries({ queryKey: OPEN_ALERTS_KEY });
      }
      // The board counts each trip's open alerts.
      refresh.soon.schedule();
    },
  });
}
