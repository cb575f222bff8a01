import type { BusRoute, Driver, Vehicle } from '@school-transport/shared';
import type { Fact } from '../../components/record/FactList';
import { formatMinutes, orDash } from '../../lib/time/format';

/**
 * What an assignment shows of its route, vehicle and driver: under each select while choosing, and on the
 * assignment's cards once saved.
 */
export const busRouteFacts = (route: BusRoute): readonly Fact[] => [
  ['Start', route.startLocation],
  ['End', route.endLocation],
  ['Distance', `${route.distanceKm} km`],
  ['Duration', formatMinutes(route.durationMin)],
];

export const vehicleFacts = (vehicle: Vehicle): readonly Fact[] => [
  ['Model', vehicle.model],
  ['Type', vehicle.type],
  ['Color', vehicle.color],
  ['Seats', vehicle.capacity],
];

export const driverFacts = (driver: Pick<Driver, 'licenseNo' | 'phone' | 'address'>): readonly Fact[] => [
  ['License No', driver.licenseNo],
  ['Phone', driver.phone],
  ['Address', orDash(driver.address)],
];
