import type { busRouteInputSchema } from '@school-transport/shared';
import type { z } from 'zod';
import { RESOURCES, useDeleteResource, useSaveResource } from '../../lib/api/resource-api';

/** What the form hands over once the shared schema has parsed it (distance and duration as numbers). */
export type BusRoutePayload = z.output<typeof busRouteInputSchema>;

export const useSaveBusRoute = () => useSaveResource<BusRoutePayload>(RESOURCES.busRoutes);
export const useDeleteBusRoute = () => useDeleteResource(RESOURCES.busRoutes);
