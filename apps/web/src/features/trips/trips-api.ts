import { useQuery } from '@tanstack/react-query';
import type {
  CancelTripInput,
  CombineTripInput,
  DelayTripInput,
  GenerateTripsAnswer,
  GenerateTripsInput,
  RescueAnswer,
  RescueTripInput,
  SuccessEnvelope,
  Trip,
  TripCombines,
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

/**
 * GET /api/trips/combined/{id}: the combines the trip takes part in and the host's stops in order (decision 061).
 * Under the trips' key, so every trip change refreshes it.
 */
export function useTripCombines(tripId: string) {
  return useQuery({
    queryKey: [TRIPS, 'combined', tripId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<SuccessEnvelope<TripCombines>>('GET', `/${TRIPS}/combined/${tripId}`, undefined, {
          signal,
        })
      ).data ?? null,
  });
}

/** POST /api/trips/combine/{id}: the run rides with the host trip; the server refuses in words what does not fit. */
export function useCombineTrip() {
  return useResourceMutation({
    resource: TRIPS,
    request: ({ id, input }: { id: string; input: CombineTripInput }) =>
      apiRequest<SuccessEnvelope<TripCombines>>('POST', `/${TRIPS}/combine/${id}`, input),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
  });
}

/** PUT /api/trips/combine/{id}/order: the host's stops, by their positions, in the new order. */
export function useOrderCombinedStops() {
  return useResourceMutation({
    resource: TRIPS,
    request: ({ id, positions }: { id: string; positions: number[] }) =>
      apiRequest<SuccessEnvelope<TripCombines>>('PUT', `/${TRIPS}/combine/${id}/order`, { positions }),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
  });
}

/** DELETE /api/trips/combine/{id}: the joined run goes with its own bus again. */
export function useUndoCombine() {
  return useResourceMutation({
    resource: TRIPS,
    request: (id: string) => apiRequest<SuccessEnvelope<TripCombines>>('DELETE', `/${TRIPS}/combine/${id}`),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
  });
}
