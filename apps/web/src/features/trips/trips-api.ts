import type {
  CancelTripInput,
  DelayTripInput,
  GenerateTripsAnswer,
  GenerateTripsInput,
  RescueAnswer,
  RescueTripInput,
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

/** POST /api/trips/{start|complete}/{id}; the server refuses a move the trip's status does not allow. */
export function useMoveTrip() {
  return useResourceMutation({
    resource: TRIPS,
    request: ({ id, move }: { id: string; move: Exclude<TripMove, 'cancel'> }) =>
      apiRequest<SuccessEnvelope<Trip>>('POST', `/${TRIPS}/${move}/${id}`),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
  });
}

/**
 * The office's changes to a run that parents are told of (decision 056): POST /api/trips/cancel/{id} with the
 * reason, /delay/{id} with the minutes and reason, /rescue/{id} with the rescue driver, vehicle and reason.
 */
function useTripChange<TInput, TAnswer>(change: 'cancel' | 'delay' | 'rescue') {
  return useResourceMutation({
    resource: TRIPS,
    request: ({ id, input }: { id: string; input: TInput }) =>
      apiRequest<SuccessEnvelope<TAnswer>>('POST', `/${TRIPS}/${change}/${id}`, input),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
  });
}
export const useCancelTrip = () => useTripChange<CancelTripInput, Trip>('cancel');
export const useDelayTrip = () => useTripChange<DelayTripInput, Trip>('delay');
export const useRescueTrip = () => useTripChange<RescueTripInput, RescueAnswer>('rescue');

/** POST /api/trips/generate: a trip of each type for every assignment on that day; repeating it adds nothing. */
export function useGenerateTrips() {
  return useResourceMutation({
    resource: TRIPS,
    request: (input: GenerateTripsInput) =>
      apiRequest<SuccessEnvelope<GenerateTripsAnswer>>('POST', `/${TRIPS}/generate`, input),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
  });
}
