import {
  MESSAGES,
  type Alert,
  type BoardTrip,
  type DayChange,
  type LiveTripDetails,
  type SuccessEnvelope,
} from '@school-transport/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../lib/api/api-client';

/**
 * The dispatcher's data over REST: the screens load it whole, then follow the event stream (live-follow.ts) and
 * patch or refetch it. Every key starts with 'live' so a reset of the stream refetches them all at once.
 */
export const LIVE_KEY = ['live'] as const;
export const BOARD_KEY = ['live', 'board'] as const;
export const OPEN_ALERTS_KEY = ['live', 'alerts', 'open'] as const;
export const DAY_CHANGES_KEY = ['live', 'changes'] as const;
export const liveTripKey = (tripId: string) => ['live', 'trip', tripId] as const;

async function dataOf<T>(path: string, signal: AbortSignal): Promise<T> {
  const answer = await apiRequest<SuccessEnvelope<T>>('GET', path, undefined, { signal });
  if (answer.data === undefined) throw new ApiError(500, MESSAGES.serverError);
  return answer.data;
}

/** GET /api/live/board: every trip of today (the operator's day), started ones first. */
export function useBoard() {
  return useQuery({
    queryKey: BOARD_KEY,
    queryFn: ({ signal }) => dataOf<BoardTrip[]>('/live/board', signal),
  });
}

/** GET /api/live/changes: what changed today's plan (covers, cancellations), newest first. */
export function useDayChanges() {
  return useQuery({
    queryKey: DAY_CHANGES_KEY,
    queryFn: ({ signal }) => dataOf<DayChange[]>('/live/changes', signal),
  });
}

/** Refetched now and then while open: estimates move with the clock even when no event arrives. */
const TIMELINE_REFRESH_MS = 30_000;

/** GET /api/live/trips/:id: one trip of the board with its whole stop timeline (planned, reached, estimated). */
export function useLiveTrip(tripId: string | null) {
  return useQuery({
    queryKey: liveTripKey(tripId ?? ''),
    queryFn: ({ signal }) => dataOf<LiveTripDetails>(`/live/trips/${tripId}`, signal),
    enabled: tripId !== null,
    refetchInterval: TIMELINE_REFRESH_MS,
  });
}

/** Newest first: the one that just happened is the one to read. */
export const newestFirst = (alerts: readonly Alert[]): Alert[] =>
  [...alerts].sort((a, b) => b.raisedAt.localeCompare(a.raisedAt) || b.id.localeCompare(a.id));

/** GET /api/alerts: the alerts nobody has acknowledged yet. */
export function useOpenAlerts() {
  return useQuery({
    queryKey: OPEN_ALERTS_KEY,
    queryFn: async ({ signal }) => newestFirst(await dataOf<Alert[]>('/alerts?state=open', signal)),
  });
}

/** POST /api/alerts/:id/acknowledge: answers the acknowledged alert; 409 when someone else was first. */
export async function acknowledgeAlert(alertId: string): Promise<SuccessEnvelope<Alert>> {
  return apiRequest<SuccessEnvelope<Alert>>('POST', `/alerts/${alertId}/acknowledge`);
}
