import type { routeInputSchema } from '@school-transport/shared';
import type { z } from 'zod';
import { useDeleteResource, useSaveResource } from '../../lib/resource-api';

/** The API resource, `/api/routes/…` (bus routes, not the app's page routing). */
export const ROUTES = 'routes';

/** What the form hands over once the shared schema has parsed it (distance and duration as numbers). */
export type RoutePayload = z.output<typeof routeInputSchema>;

export const useSaveRoute = () => useSaveResource<RoutePayload>(ROUTES);
export const useDeleteRoute = () => useDeleteResource(ROUTES);
