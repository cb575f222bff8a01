import type { Role } from '@school-transport/shared';

/**
 * Who may see a field trip request (decisions 069 and 073), in one place. The office's roles (administrators,
 * dispatchers, viewers) see every request; school staff see their own schools' requests (staff_schools), whoever
 * of them asked; nobody else sees any. The routes' access keeps drivers and parents out before this is asked.
 */
export interface Viewer {
  id: string;
  role: Role;
  /** The schools of a school-staff user (staff_schools); empty for every other role. */
  schoolIds: readonly string[];
}

const OFFICE: readonly Role[] = ['admin', 'dispatcher', 'viewer'];

export const seesEveryRequest = (viewer: Viewer) => OFFICE.includes(viewer.role);

/** Whether this viewer may ask for (school staff: for one of their schools) or see a request of `schoolId`. */
export const mayActFor = (viewer: Viewer, schoolId: string) =>
  seesEveryRequest(viewer) || (viewer.role === 'school_staff' && viewer.schoolIds.includes(schoolId));

export const maySee = (viewer: Viewer, trip: { schoolId: string }) => mayActFor(viewer, trip.schoolId);
