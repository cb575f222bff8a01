/**
 * Records created through the API itself, so that what a test starts from obeys the same rules as everything
 * else. Works over any way of sending a request (app.inject, fetch, a browser page's request context): give it
 * the API client of a signed-in admin, a function that sends JSON and answers the status and the parsed body.
 */
import type { BusRoute, Driver, ParentDetails, Vehicle } from '@school-transport/shared';
import {
  assignmentPayload,
  busRoutePayload,
  driverPayload,
  familyPayload,
  uniqueTag,
  vehiclePayload,
  type BusRoutePayload,
  type DriverPayload,
  type FamilyPayload,
  type VehiclePayload,
} from './factories.js';

export type SendJson = (
  method: 'POST',
  url: string,
  body: unknown,
) => Promise<{ status: number; body: unknown }>;

export interface AssignmentParts {
  driverId: string;
  vehicleId: string;
  routeId: string;
}

export function recordsThrough(send: SendJson) {
  const created = async <T>(url: string, body: unknown): Promise<T> => {
    const answer = await send('POST', url, body);
    if (answer.status !== 201)
      throw new Error(`${url} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return (answer.body as { data: T }).data;
  };
  const family = (payload: FamilyPayload = familyPayload()) =>
    created<ParentDetails>('/api/parents/create', payload);
  return {
    driver: (fields: Partial<DriverPayload> = {}) =>
      created<Driver>('/api/drivers/create', { ...driverPayload(), ...fields }),
    vehicle: (fields: Partial<VehiclePayload> = {}) =>
      created<Vehicle>('/api/vehicles/create', { ...vehiclePayload(), ...fields }),
    busRoute: (fields: Partial<BusRoutePayload> = {}) =>
      created<BusRoute>('/api/routes/create', { ...busRoutePayload(), ...fields }),
    /** A parent and their children, in one enrolment. */
    family,
    /** The children of a new family of `children`. */
    children: async (children: number) => (await family(familyPayload(uniqueTag(), children))).students,
    assignment: (parts: AssignmentParts, studentIds: string[] = []) =>
      created<{ id: string }>('/api/route-assignments/create', assignmentPayload(parts, studentIds)),
  };
}

export type Records = ReturnType<typeof recordsThrough>;
