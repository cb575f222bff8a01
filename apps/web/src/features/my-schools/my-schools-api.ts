import { useQuery } from '@tanstack/react-query';
import {
  SCHOOL_STAFF_PATHS,
  type SchoolChild,
  type SchoolRun,
  type StaffSchool,
  type SuccessEnvelope,
} from '@school-transport/shared';
import { apiRequest } from '../../lib/api/api-client';

const get = async <T>(path: string) => (await apiRequest<SuccessEnvelope<T>>('GET', path)).data as T;
const ofSchool = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

/**
 * School staff's schools, and each one's children and runs of today (/api/school: scoped by the server). `enabled`:
 * a screen other roles open too (the field trip request) asks only for school staff.
 */
export const useMySchools = (enabled = true) =>
  useQuery({
    queryKey: ['my-schools'],
    queryFn: () => get<StaffSchool[]>(SCHOOL_STAFF_PATHS.schools),
    enabled,
  });

export const useSchoolChildren = (schoolId: string) =>
  useQuery({
    queryKey: ['my-schools', schoolId, 'children'],
    queryFn: () => get<SchoolChild[]>(ofSchool(SCHOOL_STAFF_PATHS.children, schoolId)),
  });

/** Today's runs move as the day goes: asked again every minute while the screen is open. */
export const useSchoolToday = (schoolId: string) =>
  useQuery({
    queryKey: ['my-schools', schoolId, 'today'],
    queryFn: () => get<SchoolRun[]>(ofSchool(SCHOOL_STAFF_PATHS.today, schoolId)),
    refetchInterval: 60_000,
  });
