/**
 * Record factories: valid request bodies for every resource, the same in API tests, browser tests and the
 * benchmark's load. Each value that must be unique carries a tag (see `uniqueTag`), so records made by tests that
 * share one database never collide, and a search for the tag finds the test's own records.
 */
import type {
  AssignmentCreateInput,
  BusRouteInput,
  ChildInput,
  DriverInput,
  ParentCreateInput,
  ParentInput,
  VehicleInput,
} from '@school-transport/shared';
import { CITIES, SCHOOLS, VEHICLE_MODELS } from '@school-transport/shared';

let serial = 0;

/**
 * Short and unique: the time, a random part (browser test workers are separate processes) and a counter (calls
 * in the same millisecond). Upper-case letters and digits only, so it fits a licence plate and a search box.
 */
export const uniqueTag = () =>
  [
    Date.now().toString(36),
    Math.floor(Math.random() * 36 ** 2).toString(36),
    (serial = (serial + 1) % 36 ** 2).toString(36),
  ]
    .join('')
    .toUpperCase();

const [home] = CITIES;

export const driverPayload = (tag = uniqueTag(), index = 0) =>
  ({
    name: `Driver ${tag} ${index}`,
    email: `driver-${tag.toLowerCase()}-${index}@example.com`,
    phone: `+91 98765 ${String(index).padStart(5, '0')}`,
    licenseNo: `DL-${tag}-${index}`,
  }) satisfies DriverInput;

export const vehiclePayload = (tag = uniqueTag(), index = 0) =>
  ({
    licensePlate: `KA${tag}${index}`,
    model: `${VEHICLE_MODELS[0]} ${tag}`,
    type: 'Bus',
    color: 'Yellow',
    capacity: 30 + index,
  }) satisfies VehicleInput;

export const busRoutePayload = (tag = uniqueTag(), index = 0) =>
  ({
    name: `Route ${tag} ${index}`,
    startLocation: 'North Depot',
    endLocation: SCHOOLS[0],
    distanceKm: 12.5,
    durationMin: 45,
  }) satisfies BusRouteInput;

export const parentPayload = (tag = uniqueTag()) =>
  ({
    name: `Meera ${tag}`,
    email: `meera-${tag.toLowerCase()}@example.com`,
    phone: '+91 98450 12345',
    alternativePhone: '080 2345 6789',
    address: '14 Lake View Road, Indiranagar',
    city: home.name,
    state: home.state,
    pinCode: '560038',
  }) satisfies ParentInput;

/** Child `index` of the family tagged `tag`: its NFC tag is unique per family and child; it lives near `home`. */
export const childPayload = (tag: string, index: number) =>
  ({
    name: `Child${index} ${tag}`,
    class: String(3 + index),
    rollNo: String(10 + index),
    nfcTagId: `${tag}${index}`,
    pickupAndDropLat: 12.9352 + index / 1000,
    pickupAndDropLng: 77.6245 + index / 1000,
    pickupDropAddress: `${index} School Lane`,
  }) satisfies ChildInput;

/** A parent and `children` children (numbered from 1), enrolled in one request. */
export const familyPayload = (tag = uniqueTag(), children = 1) =>
  ({
    ...parentPayload(tag),
    children: Array.from({ length: children }, (_, index) => childPayload(tag, index + 1)),
  }) satisfies ParentCreateInput;

/** What an assignment is made of, all tagged `tag`: a driver, a vehicle of `seats` seats, a bus route and a family. */
export const assignmentPartsPayloads = (tag = uniqueTag(), seats = 40, children = 0) => ({
  driver: driverPayload(tag),
  vehicle: { ...vehiclePayload(tag), capacity: seats },
  route: busRoutePayload(tag),
  family: familyPayload(tag, children),
});

export const assignmentPayload = (
  parts: { driverId: string; vehicleId: string; routeId: string },
  studentIds: string[] = [],
) => ({ ...parts, studentIds }) satisfies AssignmentCreateInput;

export type DriverPayload = ReturnType<typeof driverPayload>;
/** Wheelchair places are optional (none when missing): a test that needs them says how many. */
export type VehiclePayload = ReturnType<typeof vehiclePayload> & { wheelchairPlaces?: number };
export type BusRoutePayload = ReturnType<typeof busRoutePayload>;
export type ParentPayload = ReturnType<typeof parentPayload>;
export type ChildPayload = ReturnType<typeof childPayload>;
export type FamilyPayload = ReturnType<typeof familyPayload>;
