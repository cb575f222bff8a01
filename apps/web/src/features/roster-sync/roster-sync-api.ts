import type {
  RosterDiff,
  RosterMode,
  RosterOverview,
  RosterSourceInput,
  SuccessEnvelope,
} from '@school-transport/shared';
import { MESSAGES } from '@school-transport/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest, NETWORK_ERROR_MESSAGE } from '../../lib/api/api-client';
import { useResourceMutation } from '../../lib/api/resource-api';
import { readStoredToken } from '../../lib/session/session-storage';

/** `/api/roster-sync`: the endpoint's settings and the last runs; also every roster query's key. */
const ROSTER = 'roster-sync';

export function useRosterOverview() {
  return useQuery({
    queryKey: [ROSTER],
    queryFn: async ({ signal }) =>
      (await apiRequest<SuccessEnvelope<RosterOverview>>('GET', `/${ROSTER}`, undefined, { signal }))
        .data as RosterOverview,
  });
}

export const useSaveRosterSource = () =>
  useResourceMutation({
    resource: ROSTER,
    request: (source: RosterSourceInput) =>
      apiRequest<SuccessEnvelope<undefined>>('PUT', `/${ROSTER}/source`, source),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
  });

/** Where a sync reads its roster: an uploaded bundle, or the endpoint. */
export type RosterOrigin = { kind: 'bundle'; file: File } | { kind: 'endpoint' };

/**
 * A dry run or an apply. A bundle goes as the zip itself (not JSON, so not through apiRequest's body), with the
 * session's token; `expect` is the dry run's fingerprint, so an apply writes only what the office looked at.
 */
async function sync(origin: RosterOrigin, mode: RosterMode, expect?: string): Promise<RosterDiff> {
  const query = new URLSearchParams({ mode, ...(expect ? { expect } : {}) }).toString();
  if (origin.kind === 'endpoint')
    return (await apiRequest<SuccessEnvelope<RosterDiff>>('POST', `/${ROSTER}/pull?${query}`))
      .data as RosterDiff;
  const token = readStoredToken();
  let response: Response;
  try {
    response = await fetch(`/api/${ROSTER}/bundle?${query}`, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/zip',
        ...(token ? { Authorization: token } : {}),
      },
      body: origin.file,
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  const answer = (await response.json().catch(() => ({}))) as { data?: RosterDiff; message?: string };
  if (!response.ok || !answer.data)
    throw new ApiError(response.status, answer.message || MESSAGES.serverError);
  return answer.data;
}

/** A sync, with the runs list refreshed after it (a failure is a run too). */
export const useRosterSync = () =>
  useResourceMutation({
    resource: ROSTER,
    request: ({ origin, mode, expect }: { origin: RosterOrigin; mode: RosterMode; expect?: string }) =>
      sync(origin, mode, expect).then((data) => ({ success: true as const, type: 'success' as const, data })),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
    // The screen says a failure beside the buttons, where the office looks.
    reportFailure: false,
  });
