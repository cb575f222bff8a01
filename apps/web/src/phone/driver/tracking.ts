import type { PositionInput } from '@school-transport/shared';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Fixes vaguer than this say little about where the bus is (a phone indoors, on cell towers only). */
export const WORST_ACCURACY_M = 100;
export const MIN_INTERVAL_MS = 5_000;
export const MIN_DISTANCE_M = 25;

export interface Fix {
  lat: number;
  lng: number;
  accuracy: number;
  /** Device time of the fix, in ms. */
  at: number;
  speed?: number;
  heading?: number;
}

/** Great-circle distance in metres (haversine): plenty precise over a few hundred metres. */
export function distanceM(a: Pick<Fix, 'lat' | 'lng'>, b: Pick<Fix, 'lat' | 'lng'>): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/**
 * Whether a fix is worth sending after the last one sent: about one every 5 s, or sooner once the bus has moved
 * 25 m, so a moving bus draws its path and a waiting one does not flood the outbox.
 */
export function shouldSendFix(lastSent: Fix | null, next: Fix): boolean {
  if (next.accuracy > WORST_ACCURACY_M) return false;
  if (!lastSent) return true;
  return next.at - lastSent.at >= MIN_INTERVAL_MS || distanceM(lastSent, next) >= MIN_DISTANCE_M;
}

function fixOf(position: GeolocationPosition): Fix {
  const { latitude, longitude, accuracy, speed, heading } = position.coords;
  return {
    lat: latitude,
    lng: longitude,
    accuracy,
    at: position.timestamp,
    // The API takes 0–100 m/s and 0–360°; a phone says null (or NaN) when it does not know.
    speed: speed !== null && Number.isFinite(speed) && speed >= 0 && speed <= 100 ? speed : undefined,
    heading:
      heading !== null && Number.isFinite(heading) && heading >= 0 && heading <= 360 ? heading : undefined,
  };
}

export function positionInput(tripId: string, fix: Fix): PositionInput {
  return {
    positionId: crypto.randomUUID(),
    tripId,
    lat: fix.lat,
    lng: fix.lng,
    accuracy: fix.accuracy,
    speed: fix.speed,
    heading: fix.heading,
    recordedAt: new Date(fix.at).toISOString(),
  };
}

/** Why the bus's position is not followed: the app may not ask (denied), or the phone cannot tell (unavailable). */
export type LocationProblem = 'denied' | 'unavailable';

/**
 * While a trip runs: follows the phone's position (kept for the scans' place, and sent as the bus's track) and
 * keeps the screen awake, since a driver cannot unlock a phone at every stop. A web app cannot do either in the
 * background; trackers (OsmAnd) cover that.
 */
export function useTripTracking(
  tripId: string,
  running: boolean,
  send: (positions: PositionInput[]) => Promise<void>,
  /** Told of every fix kept (the calm driving view measures the speed from them). */
  onFix?: (fix: Fix) => void,
): { lastFix: React.RefObject<Fix | null>; problem: LocationProblem | null } {
  const lastFix = useRef<Fix | null>(null);
  const [problem, setProblem] = useState<LocationProblem | null>(null);
  // The latest sender, read when a fix arrives: a new sender must not restart the watch (and its throttle).
  const sendRef = useRef(send);
  const onFixRef = useRef(onFix);
  useLayoutEffect(() => {
    sendRef.current = send;
    onFixRef.current = onFix;
  }, [send, onFix]);

  useEffect(() => {
    if (!running || !('geolocation' in navigator)) return;
    let lastSent: Fix | null = null;
    const watch = navigator.geolocation.watchPosition(
      (position) => {
        const fix = fixOf(position);
        setProblem(null);
        if (fix.accuracy > WORST_ACCURACY_M) return;
        lastFix.current = fix;
        onFixRef.current?.(fix);
        if (!shouldSendFix(lastSent, fix)) return;
        lastSent = fix;
        void sendRef.current([positionInput(tripId, fix)]);
      },
      (error) => setProblem(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      { enableHighAccuracy: true, maximumAge: 5_000 },
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, [tripId, running]);

  useEffect(() => {
    if (!running || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let ended = false;
    const acquire = async () => {
      if (document.visibilityState !== 'visible' || lock) return;
      try {
        lock = await navigator.wakeLock.request('screen');
        if (ended) void lock.release();
        // The browser drops the lock when the page is hidden; it is taken again when the page shows.
        lock.addEventListener('release', () => {
          lock = null;
        });
      } catch {
        // Refused (battery saver): the screen may dim, nothing else changes.
      }
    };
    const onVisibility = () => void acquire();
    void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      ended = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void lock?.release();
    };
  }, [running]);

  return { lastFix, problem };
}
