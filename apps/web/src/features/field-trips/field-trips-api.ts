import {
  MESSAGES,
  type Depot,
  type FieldTrip,
  type FieldTripAvailability,
  type FieldTripChild,
  type FieldTripData,
  type FieldTripNotice,
  type FieldTripRate,
  type Invoice,
  type SuccessEnvelope,
  type Trip,
} from '@school-transport/shared';
import { useQuery } from '@tanstack/react-query';
import { downloadCsv } from '../../components/list-page/csv-download';
import { apiRequest } from '../../lib/api/api-client';
import { useResourceMutation } from '../../lib/api/resource-api';
import { RESOURCES } from '../../lib/api/resource-queries';

/** The field trips' calls (decision 073). */
export const FIELD_TRIPS = 'field-trips';
const RATES = 'field-trip-rates';

const get = async <T>(path: string, signal?: AbortSignal) =>
  (await apiRequest<SuccessEnvelope<T>>('GET', path, undefined, { signal })).data as T;

export function useFieldTrips(dateFrom: string, dateTo: string) {
  return useQuery({
    queryKey: [FIELD_TRIPS, 'list', dateFrom, dateTo],
    queryFn: ({ signal }) =>
      get<FieldTrip[]>(`/${FIELD_TRIPS}/get-all?${new URLSearchParams({ dateFrom, dateTo })}`, signal),
  });
}

/**
 * The week's regular runs (trips of an assignment), for the calendar beside the field trips. `enabled`: the office's
 * readers only (school staff read no trips of the office's).
 */
export function useRunsOfWeek(dateFrom: string, dateTo: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [RESOURCES.trips, 'field-trip-week', dateFrom, dateTo],
    queryFn: async ({ signal }) =>
      (
        await get<Trip[]>(
          `/trips/get-all?${new URLSearchParams({ dateFrom, dateTo, limit: '100', sort: 'date', order: 'asc' })}`,
          signal,
        )
      ).filter((trip) => trip.assignmentId !== null),
  });
}

export function useNotices() {
  return useQuery({
    queryKey: [FIELD_TRIPS, 'notices'],
    queryFn: ({ signal }) => get<FieldTripNotice[]>(`/${FIELD_TRIPS}/notices`, signal),
  });
}

export function useAvailability(id: string) {
  return useQuery({
    queryKey: [FIELD_TRIPS, 'availability', id],
    queryFn: ({ signal }) => get<FieldTripAvailability>(`/${FIELD_TRIPS}/availability/${id}`, signal),
  });
}

const mutation = <T>(request: (variables: T) => Promise<SuccessEnvelope<unknown>>) => ({
  resource: FIELD_TRIPS,
  // A field trip's buses are trips: their lists change with it.
  alsoRefresh: [RESOURCES.trips],
  request,
  fallbackMessage: MESSAGES.somethingWentWrongSpaced,
  // A refusal shows in the dialog, beside its fields.
  reportFailure: false,
});

export const useRequestFieldTrip = () =>
  useResourceMutation(
    mutation((input: FieldTripData) =>
      apiRequest<SuccessEnvelope<FieldTrip>>('POST', `/${FIELD_TRIPS}/create`, input),
    ),
  );

/** approve, decline, cancel, schedule, complete: POST /api/field-trips/{action}/{id}. */
export const useFieldTripAction = () =>
  useResourceMutation(
    mutation(({ action, id, body }: { action: string; id: string; body: unknown }) =>
      apiRequest<SuccessEnvelope<FieldTrip>>('POST', `/${FIELD_TRIPS}/${action}/${id}`, body),
    ),
  );

export function useRates() {
  return useQuery({
    queryKey: [RATES],
    queryFn: ({ signal }) => get<FieldTripRate[]>(`/${FIELD_TRIPS}/rates`, signal),
  });
}

export const useSaveRate = () =>
  useResourceMutation({
    resource: RATES,
    request: (rate: unknown) =>
      apiRequest<SuccessEnvelope<FieldTripRate>>('PUT', `/${FIELD_TRIPS}/rates`, rate),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
    reportFailure: false,
  });

export const useDeleteRate = () =>
  useResourceMutation({
    resource: RATES,
    request: (vehicleType: string) =>
      apiRequest<SuccessEnvelope<null>>('DELETE', `/${FIELD_TRIPS}/rates/${encodeURIComponent(vehicleType)}`),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
  });

export function useDepot() {
  return useQuery({
    queryKey: [RATES, 'depot'],
    queryFn: ({ signal }) => get<Depot>(`/${FIELD_TRIPS}/depot`, signal),
  });
}

export const useSaveDepot = () =>
  useResourceMutation({
    resource: RATES,
    request: (depot: unknown) => apiRequest<SuccessEnvelope<Depot>>('PUT', `/${FIELD_TRIPS}/depot`, depot),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
    reportFailure: false,
  });

export interface InvoiceRange {
  schoolId: string;
  dateFrom: string;
  dateTo: string;
}

export function useInvoice(range: InvoiceRange | null) {
  return useQuery({
    queryKey: [FIELD_TRIPS, 'invoice', range],
    enabled: range !== null,
    queryFn: ({ signal }) =>
      get<Invoice>(`/${FIELD_TRIPS}/invoice?${new URLSearchParams({ ...range! })}`, signal),
  });
}

export const downloadInvoiceCsv = (range: InvoiceRange) =>
  downloadCsv(`/${FIELD_TRIPS}/invoice/csv?${new URLSearchParams({ ...range })}`, 'invoice.csv');

/** The children attached to a field trip (decision 078). */
export function useFieldTripChildren(id: string) {
  return useQuery({
    queryKey: [FIELD_TRIPS, 'children', id],
    queryFn: ({ signal }) => get<FieldTripChild[]>(`/${FIELD_TRIPS}/children/${id}`, signal),
  });
}

/** The picker's matches among the trip's school's children. */
export function useChildCandidates(id: string, search: string) {
  return useQuery({
    queryKey: [FIELD_TRIPS, 'child-candidates', id, search],
    queryFn: ({ signal }) =>
      get<FieldTripChild[]>(
        `/${FIELD_TRIPS}/child-candidates/${id}?${new URLSearchParams(search ? { search } : {})}`,
        signal,
      ),
  });
}

export const useSaveFieldTripChildren = () =>
  useResourceMutation(
    mutation(({ id, studentIds }: { id: string; studentIds: string[] }) =>
      apiRequest<SuccessEnvelope<FieldTripChild[]>>('PUT', `/${FIELD_TRIPS}/children/${id}`, { studentIds }),
    ),
  );
