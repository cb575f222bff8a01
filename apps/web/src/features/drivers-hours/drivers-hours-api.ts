import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Driver,
  OpenShift,
  Shift,
  ShiftCorrectionInput,
  SuccessEnvelope,
  Timesheet,
  TimesheetQuery,
} from '@school-transport/shared';
import { downloadCsv } from '../../components/list-page/csv-download';
import { apiRequest } from '../../lib/api/api-client';

/** Every answer of this screen is under one key: a correction reloads the open shifts and the timesheet. */
const ROOT = ['drivers-hours'] as const;

const data = async <T>(method: 'GET' | 'POST', path: string, body?: unknown) =>
  (await apiRequest<SuccessEnvelope<T>>(method, path, body)).data as T;

const queryOf = ({ driverId, from, to }: TimesheetQuery) =>
  new URLSearchParams({ driverId, from, to }).toString();

export const useOpenShifts = () =>
  useQuery({
    queryKey: [...ROOT, 'open'],
    queryFn: () => data<OpenShift[]>('GET', '/drivers-hours/open-shifts'),
  });

export const useTimesheet = (query: TimesheetQuery | null) =>
  useQuery({
    queryKey: [...ROOT, 'timesheet', query],
    queryFn: () => data<Timesheet>('GET', `/drivers-hours/timesheet?${queryOf(query!)}`),
    enabled: query !== null,
  });

/** Drivers whose name or licence matches, for the driver picker. */
export const useDriverSearch = (search: string) =>
  useQuery({
    queryKey: ['drivers', 'pick', search],
    queryFn: () =>
      data<Driver[]>('GET', `/drivers/get-all?${new URLSearchParams({ page: '1', limit: '20', search })}`),
  });

export function useCorrectShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ShiftCorrectionInput }) =>
      data<Shift>('POST', `/drivers-hours/shifts/${id}/correction`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROOT }),
  });
}

/** A shift the office adds for a driver who never clocked in. */
export function useAddShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ driverId, input }: { driverId: string; input: ShiftCorrectionInput }) =>
      data<Shift>('POST', `/drivers-hours/drivers/${driverId}/shifts`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROOT }),
  });
}

export const downloadTimesheet = (query: TimesheetQuery) =>
  downloadCsv(`/drivers-hours/timesheet.csv?${queryOf(query)}`, `timesheet-${query.from}-to-${query.to}.csv`);
