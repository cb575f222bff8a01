import type { vehicleInputSchema } from '@school-transport/shared';
import type { z } from 'zod';
import { useDeleteResource, useSaveResource } from '../../lib/resource-api';

/** The API resource, `/api/vehicles/…`; the list screen reads it through ListPage. */
export const VEHICLES = 'vehicles';

/** What the form hands over once the shared schema has parsed it (plate normalised, capacity a number). */
export type VehiclePayload = z.output<typeof vehicleInputSchema>;

export const useSaveVehicle = () => useSaveResource<VehiclePayload>(VEHICLES);
export const useDeleteVehicle = () => useDeleteResource(VEHICLES);
