import type {
  GenerateTripsAnswer,
  GenerateTripsInput,
  SuccessEnvelope,
  Trip,
  TripDetails,
  TripMove,
} from '@school-transport/shared';
import { MESSAGES } from '@school-transport/shared';
import { apiRequest } from '../../lib/api/api-client';
import { RESOURCES, useResourceItem, useResourceMutation } from '../../lib/api/resource-api';

const TRIPS = RESOURCES.trips;

export const useTrip = (id: string) => useResourceItem<TripDetails>(TRIPS, id);

/** POST /api/trips/{start|complete|cancel}/{id}; the server refuses a move the trip's status does not allow. */
export function useMoveTrip() {
  return useResourceMutation({
    resource: TRIPS,
    request: ({ id, move }: { id: string; move: TripMove }) =>
      apiRequest<SuccessEnvelope<Trip>>('POST', `/${TRIPS}/${move}/${id}`),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
  });
}

/** POST /api/trips/generate: a trip of each type for every assignment on that day; repeating it adds nothing. */
export function useGenerateTrips() {
  return useResourceMutation({
    resource: TRIPS,
    request: (input: GenerateTripsInput) =>
      apiRequest<SuccessEnvelope<GenerateTripsAnswer>>('POST', `/${TRIPS}/generate`, input),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
  });
}
