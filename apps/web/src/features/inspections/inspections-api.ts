import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Checklist,
  ChecklistInput,
  Defect,
  SuccessEnvelope,
  Vehicle,
  VehicleInspections,
} from '@school-transport/shared';
import { apiRequest } from '../../lib/api/api-client';

/** Every answer of this screen is under one key: a change reloads what it may have touched. */
const ROOT = ['inspections'] as const;

const data = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  (await apiRequest<SuccessEnvelope<T>>(method, path, body)).data as T;

export const useOpenDefects = () =>
  useQuery({ queryKey: [...ROOT, 'defects'], queryFn: () => data<Defect[]>('GET', '/inspections/defects') });

export const useChecklists = () =>
  useQuery({
    queryKey: [...ROOT, 'checklists'],
    queryFn: () => data<Checklist[]>('GET', '/inspections/checklists'),
  });

export const useVehicleInspections = (vehicleId: string | null) =>
  useQuery({
    queryKey: [...ROOT, 'vehicle', vehicleId],
    queryFn: () => data<VehicleInspections>('GET', `/inspections/vehicles/${vehicleId}`),
    enabled: vehicleId !== null,
  });

/** Vehicles whose plate or model matches, for the vehicle picker. */
export const useVehicleSearch = (search: string) =>
  useQuery({
    queryKey: ['vehicles', 'pick', search],
    queryFn: () =>
      data<Vehicle[]>('GET', `/vehicles/get-all?${new URLSearchParams({ page: '1', limit: '20', search })}`),
  });

function useInspectionChange<V>(run: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROOT }),
  });
}

export const useSaveChecklist = () =>
  useInspectionChange(({ id, input }: { id: string | null; input: ChecklistInput }) =>
    id
      ? apiRequest('PUT', `/inspections/checklists/${id}`, input)
      : apiRequest('POST', '/inspections/checklists', input),
  );

export const useDeleteChecklist = () =>
  useInspectionChange((id: string) => apiRequest('DELETE', `/inspections/checklists/${id}`));

export const useCloseDefect = () =>
  useInspectionChange(({ id, note }: { id: string; note: string }) =>
    apiRequest('POST', `/inspections/defects/${id}/close`, { note }),
  );

export const useSetTag = () =>
  useInspectionChange(({ vehicleId, tagId }: { vehicleId: string; tagId: string }) =>
    apiRequest('PUT', `/inspections/vehicles/${vehicleId}/tag`, { tagId }),
  );
