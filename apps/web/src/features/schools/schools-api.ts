import type { schoolInputSchema } from '@school-transport/shared';
import type { z } from 'zod';
import { RESOURCES, useDeleteResource, useSaveResource } from '../../lib/api/resource-api';

export const SCHOOLS = RESOURCES.schools;

/** What the form hands over once the shared schema has parsed it (coordinates as numbers). */
export type SchoolPayload = z.output<typeof schoolInputSchema>;

export const useSaveSchool = () => useSaveResource<SchoolPayload>(SCHOOLS);
export const useDeleteSchool = () => useDeleteResource(SCHOOLS);
