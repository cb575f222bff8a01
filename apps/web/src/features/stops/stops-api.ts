import type { stopInputSchema } from '@school-transport/shared';
import type { z } from 'zod';
import { useDeleteResource, useSaveResource } from '../../lib/api/resource-api';
import { STOPS } from '../../lib/api/stop-search-api';

/** What the form hands over once the shared schema has parsed it (coordinates as numbers). */
export type StopPayload = z.output<typeof stopInputSchema>;

// A stop's change shows on the routes' schedules, which list the stops by name.
export const useSaveStop = () => useSaveResource<StopPayload>(STOPS, { alsoRefresh: ['routes'] });
export const useDeleteStop = () => useDeleteResource(STOPS, { alsoRefresh: ['routes'] });
