import { useQuery } from '@tanstack/react-query';
import {
  SCHOOL_STAFF_PATHS,
  type SchoolChild,
  type SchoolRun,
  type SuccessEnvelope,
} from '@school-transport/shared';
import { apiRequest } from '../../lib/api/api-client';

const get = async <T>(path: string) => (await apiRequest<SuccessEnvelope<T>>('GET', path)).data as T;
const ofSchool = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

/** School staff's schools (shared with the field trip request), and each one's children and runs of today. */
export { useMySchools } from '../../lib/api/my-schools-api';

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
