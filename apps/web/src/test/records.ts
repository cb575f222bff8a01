import type {
  BusRoute,
  Driver,
  Parent,
  School,
  Student,
  Trip,
  TripStatus,
  Vehicle,
} from '@school-transport/shared';

/** Records as the API answers them, for unit tests of what screens do with them. */

const CREATED_AT = '2026-03-01T08:00:00.000Z';

export const aStudent = (id: string): Student => ({
  id,
  name: `Child ${id}`,
  class: '4',
  rollNo: id,
  nfcTagId: null,
  profileImage: null,
  parent: {
    id: `parent-${id}`,
    user: { name: `Parent ${id}`, email: `${id}@example.com` },
    phone: '+91 98450 12345',
  },
  pickupAndDropLat: 12.97,
  pickupAndDropLng: 77.59,
  pickupDropAddress: `${id} School Lane`,
  addressCity: null,
  addressPostcode: null,
  addressCountry: null,
  homeSource: 'HAND',
  addressStatus: 'NONE',
  doorToDoor: false,
  handOver: 'RULE',
  assignment: null,
  deactivatedAt: null,
  createdAt: CREATED_AT,
});

export const aParent = (id: string): Parent => ({
  id,
  user: { id: `user-${id}`, name: `Parent ${id}`, email: `${id}@example.com` },
  phone: '+91 98450 12345',
  alternativePhone: '',
  address: `${id} School Lane`,
  city: null,
  state: 'Karnataka',
  pinCode: '560001',
  profileImage: null,
  childrenCount: 1,
  account: 'active',
  deactivatedAt: null,
  createdAt: CREATED_AT,
});

export const aSchool = (id: string): School => ({
  id,
  name: `School ${id}`,
  address: null,
  lat: 12.97,
  lng: 77.59,
  bellTime: '08:30',
  dismissalTime: '15:10',
  deactivatedAt: null,
  createdAt: CREATED_AT,
});

export const aVehicle = (id: string, capacity: number): Vehicle => ({
  id,
  licensePlate: `KA01${id.toUpperCase()}`,
  model: 'Starbus',
  type: 'Bus',
  color: 'Yellow',
  capacity,
  wheelchairPlaces: 0,
  profileImage: null,
  createdAt: CREATED_AT,
});

export const aBusRoute = (id: string): BusRoute => ({
  id,
  name: `Route ${id}`,
  startLocation: 'North Depot',
  endLocation: 'Central School',
  distanceKm: 12.5,
  durationMin: 45,
  createdAt: CREATED_AT,
});

export const aDriver = (id: string): Driver => ({
  id,
  user: { id: `user-${id}`, name: `Driver ${id}`, email: `driver-${id}@example.com` },
  phone: '+91 98765 43210',
  alternativePhone: null,
  licenseNo: `DL-${id}`,
  address: null,
  profileImage: null,
  account: 'none',
  assignment: null,
  createdAt: CREATED_AT,
});

/** A trip of North Loop's morning run on 2 March 2026, in `status`, run as planned. */
export const aTrip = (status: TripStatus): Trip => ({
  id: 'trip-1',
  assignmentId: 'assignment-1',
  type: 'PICKUP',
  status,
  date: '2026-03-02',
  plannedStartAt: null,
  startedAt: null,
  completedAt: null,
  cancelledAt: null,
  route: { name: 'North Loop' },
  driver: { name: 'Ravi', licenseNo: 'DL-123', phone: '+91 98765 43210' },
  vehicle: { licensePlate: 'KA01V1' },
  cover: null,
  finishReason: null,
  delay: null,
  handedOverTo: null,
  rescueOf: null,
  createdAt: CREATED_AT,
});
