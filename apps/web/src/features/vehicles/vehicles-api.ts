import type { Vehicle, vehicleInputSchema } from '@school-transport/shared';
import type { z } from 'zod';
import { RESOURCES, useDeleteResource, useResourceItem, useSaveResource } from '../../lib/api/resource-api';

/** What the form hands over once the shared schema has parsed it (plate normalised, capacity a number). */
export type VehiclePayload = z.output<typeof vehicleInputSchema>;

export const useVehicle = (id: string) => useResourceItem<Vehicle>(RESOURCES.vehicles, id);
export const useSaveVehicle = () => useSaveResource<VehiclePayload>(RESOURCES.vehicles);
export const useDeleteVehicle = () => useDeleteResource(RESOURCES.vehicles);
