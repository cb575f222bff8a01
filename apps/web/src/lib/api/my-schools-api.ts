import { useQuery } from '@tanstack/react-query';
import { SCHOOL_STAFF_PATHS, type StaffSchool, type SuccessEnvelope } from '@school-transport/shared';
import { apiRequest } from './api-client';

/**
 * School staff's schools (/api/school/schools, scoped by the server; decision 069). Shared by their My schools
 * screen and the field trip request, where `enabled` asks only for school staff (other roles choose any school).
 */
export const useMySchools = (enabled = true) =>
  useQuery({
    queryKey: ['my-schools'],
    queryFn: async () =>
      (await apiRequest<SuccessEnvelope<StaffSchool[]>>('GET', SCHOOL_STAFF_PATHS.schools))
        .data as StaffSchool[],
    enabled,
  });
