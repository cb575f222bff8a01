import type {
  createdTrackerDeviceSchema,
  SuccessEnvelope,
  TrackerDevice,
  TrackerDeviceInput,
} from '@school-transport/shared';
import { MESSAGES } from '@school-transport/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api/api-client';
import { useResourceMutation } from '../../lib/api/resource-api';

const TRACKERS = 'trackers';

export type CreatedTracker = z.infer<typeof createdTrackerDeviceSchema>;

/** GET /api/trackers/get-all?vehicleId: the GPS trackers (e.g. Traccar Client phones) reporting for a vehicle. */
export function useVehicleTrackers(vehicleId: string) {
  return useQuery({
    queryKey: [TRACKERS, vehicleId],
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ vehicleId });
      const answer = await apiRequest<SuccessEnvelope<TrackerDevice[]>>(
        'GET',
        `/${TRACKERS}/get-all?${params}`,
        undefined,
        { signal },
      );
      return answer.data ?? [];
    },
  });
}

/** POST /api/trackers/create: the answer holds the tracker's key, shown this once (the server keeps a hash). */
export function useAddTracker() {
  return useResourceMutation({
    resource: TRACKERS,
    request: (input: TrackerDeviceInput) =>
      apiRequest<SuccessEnvelope<CreatedTracker>>('POST', `/${TRACKERS}/create`, input),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
  });
}

export function useRemoveTracker() {
  return useResourceMutation({
    resource: TRACKERS,
    request: (id: string) => apiRequest<SuccessEnvelope<unknown>>('DELETE', `/${TRACKERS}/delete/${id}`),
    fallbackMessage: MESSAGES.deleteFailed,
  });
}

/**
 * The address to type into Traccar Client's "Server URL": this server's OsmAnd endpoint with the key in it (the
 * app adds id, lat, lon and the rest to it).
 */
export const trackerServerUrl = (origin: string, secret: string) =>
  `${origin}/api/osmand?${new URLSearchParams({ key: secret })}`;
