import type { ListQuery } from '@school-transport/shared';
import { useResourceList } from '../../lib/api/resource-api';

const FREE = { unassigned: 'true' } as const;

/** A page of the drivers, vehicles, routes or children that no route assignment takes yet (`?unassigned=true`). */
export function useFreeList<T>(resource: string, query: ListQuery) {
  return useResourceList<T>(resource, query, FREE);
}
