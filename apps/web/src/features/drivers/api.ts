import type { Driver, driverInputSchema } from '@school-transport/shared';
import type { z } from 'zod';
import { useDeleteResource, useResourceItem, useSaveResource } from '../../lib/resource-api';

/** The API resource, `/api/drivers/…`; the list screen reads it through ListPage. */
export const DRIVERS = 'drivers';

/** What the form hands over once the shared schema has parsed it (trimmed, email lower-cased, blanks null). */
export type DriverPayload = z.output<typeof driverInputSchema>;

export const useDriver = (id: string) => useResourceItem<Driver>(DRIVERS, id);
export const useSaveDriver = () => useSaveResource<DriverPayload>(DRIVERS);
export const useDeleteDriver = () => useDeleteResource(DRIVERS);
