import type { BoardTrip, LiveStop } from '@school-transport/shared';
import { formatClock } from '../../lib/time/operator-time';
import { countOf } from '../../lib/time/format';
import { fixAgeSeconds } from '../../lib/live/staleness';

/** '3 of 8 stops', as the board and the map say how far a trip has come. */
export function progressText(trip: Pick<BoardTrip, 'stopsDone' | 'stopsTotal'>): string {
  if (trip.stopsTotal === 0) return 'No stops';
  return `${trip.stopsDone} of ${countOf(trip.stopsTotal, 'stop', 'stops')}`;
}

/** The share of stops done, 0–100, for a progress bar. */
export function progressPercent(trip: Pick<BoardTrip, 'stopsDone' | 'stopsTotal'>): number {
  return trip.stopsTotal === 0
    ? 0
    : Math.round((100 * Math.min(trip.stopsDone, trip.stopsTotal)) / trip.stopsTotal);
}

/** '3 on board', 'none on board'. */
export function onBoardText(onBoard: number): string {
  return onBoard === 0 ? 'none on board' : `${onBoard} on board`;
}

/**
 * When a stop is expected, on the operator's clock: the estimate while the bus is on its way ('ETA 07:42'), the
 * plan when there is no estimate ('planned 07:40').
 */
export function stopTimeText(stop: Pick<LiveStop, 'eta' | 'plannedAt'>, timeZone: string): string | null {
  if (stop.eta) return `ETA ${formatClock(stop.eta, timeZone)}`;
  if (stop.plannedAt) return `planned ${formatClock(stop.plannedAt, timeZone)}`;
  return null;
}

/** 'School Gate, ETA 07:42'. */
export function nextStopText(stop: LiveStop | null, timeZone: string): string {
  if (!stop) return '—';
  const time = stopTimeText(stop, timeZone);
  return time ? `${stop.name}, ${time}` : stop.name;
}

/** Seconds since the trip's last fix, or null when it has sent none. */
export function lastFixAge(trip: Pick<BoardTrip, 'lastFix'>, now: number): number | null {
  return trip.lastFix ? fixAgeSeconds(trip.lastFix.recordedAt, now) : null;
}

/**
 * Who was planned, on a trip a cover changed, for what differs from who drives: the planned driver's name and the
 * planned vehicle's plate; null for what runs as planned.
 */
export function plannedInstead(trip: Pick<BoardTrip, 'planned' | 'driverName' | 'vehiclePlate'>): {
  driver: string | null;
  vehicle: string | null;
} {
  const { planned } = trip;
  return {
    driver: planned && planned.driverName !== trip.driverName ? planned.driverName : null,
    vehicle: planned && planned.vehiclePlate !== trip.vehiclePlate ? planned.vehiclePlate : null,
  };
}

/**
 * What the office changed of a trip besides who drives it: "Marked 20 min late", "Rescue for KA-01" on the rescue,
 * "Handed over to KA-12" on the original (decision 056); "Also carries North 2" on a host, "Rides with North 1" on
 * a run combined into it (decision 061).
 */
export function tripChangeNotes(
  trip: Pick<BoardTrip, 'delayMinutes' | 'handover' | 'status' | 'carries' | 'ridesWith'>,
): string[] {
  const notes: string[] = [];
  if (trip.delayMinutes && (trip.status === 'PENDING' || trip.status === 'STARTED'))
    notes.push(`Marked ${trip.delayMinutes} min late`);
  if (trip.handover?.role === 'RESCUE') notes.push(`Rescue for ${trip.handover.otherPlate}`);
  if (trip.handover?.role === 'HANDED_OVER') notes.push(`Handed over to ${trip.handover.otherPlate}`);
  if (trip.carries.length) notes.push(`Also carries ${trip.carries.join(', ')}`);
  if (trip.ridesWith) notes.push(`Rides with ${trip.ridesWith}`);
  return notes;
}
