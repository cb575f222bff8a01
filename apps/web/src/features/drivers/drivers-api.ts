import type { Driver, driverInputSchema } from '@school-transport/shared';
import type { z } from 'zod';
import { RESOURCES, useDeleteResource, useResourceItem, useSaveResource } from '../../lib/api/resource-api';

/** What the form hands over once the shared schema has parsed it (trimmed, email lower-cased, blanks null). */
export type DriverPayload = z.output<typeof driverInputSchema>;

export const useDriver = (id: string) => useResourceItem<Driver>(RESOURCES.drivers, id);
export const useSaveDriver = () => useSaveResource<DriverPayload, Driver>(RESOURCES.drivers);
export const useDeleteDriver = () => useDeleteResource(RESOURCES.drivers);
