import type { Access } from '@school-transport/shared';
import { paths } from './paths';

/**
 * A place the menu leads to: its name there (and on the dashboard's cards), its address, and the access a role
 * needs to use it (decision 069: the access of the routes its screen reads; ACCESS_ROLES says which roles).
 */
export interface Section {
  label: string;
  path: string;
  access: Access;
}

/**
 * The back-office's sections, in the menu's order; each role's menu is those it may use. A viewer's screens hide
 * what would write (`useMayUse`). Apart from paths.ts, which the first screen loads: only
 * the signed-in screens need these names.
 */
export const SECTIONS = {
  // Operations come first: the live map is the dispatcher's first screen of the day.
  liveMap: { label: 'Live map', path: paths.liveMap, access: 'office-read' },
  today: { label: 'Today', path: paths.today, access: 'office-read' },
  dashboard: { label: 'Dashboard', path: paths.dashboard, access: 'office-read' },
  drivers: { label: 'Drivers', path: paths.drivers.list, access: 'office-read' },
  parents: { label: 'Parents', path: paths.parents.list, access: 'office-read' },
  students: { label: 'Students', path: paths.students.list, access: 'office-read' },
  vehicles: { label: 'Vehicles', path: paths.vehicles.list, access: 'office-read' },
  busRoutes: { label: 'Routes', path: paths.busRoutes.list, access: 'office-read' },
  stops: { label: 'Stops', path: paths.stops.list, access: 'office-read' },
  schools: { label: 'Schools', path: paths.schools.list, access: 'office-read' },
  planner: { label: 'Planner', path: paths.planner, access: 'admin' },
  calendar: { label: 'School calendar', path: paths.calendar, access: 'office-read' },
  stopChanges: { label: 'Stop changes', path: paths.stopChanges, access: 'office-read' },
  planChanges: { label: 'Changes to acknowledge', path: paths.planChanges, access: 'office-read' },
  addressReview: { label: 'Review addresses', path: paths.addressReview, access: 'office-read' },
  familyInbox: { label: 'Family inbox', path: paths.familyInbox, access: 'office-read' },
  guardianRequests: { label: 'Guardian requests', path: paths.guardianRequests, access: 'office-read' },
  assignments: { label: 'Assignments', path: paths.assignments.list, access: 'office-read' },
  trips: { label: 'Trips', path: paths.trips.list, access: 'office-read' },
  covers: { label: 'Covers', path: paths.covers, access: 'office-read' },
  // Every staff role: the office reads every request, school staff ask for and follow their schools' (decision 069).
  fieldTrips: { label: 'Field trips', path: paths.fieldTrips, access: 'staff' },
  fieldTripRates: { label: 'Rates', path: paths.fieldTripRates, access: 'office-read' },
  fieldTripInvoices: { label: 'Invoices', path: paths.fieldTripInvoices, access: 'office-read' },
  familyMessages: { label: 'Messages to families', path: paths.familyMessages, access: 'office-read' },
  reports: { label: 'Reports', path: paths.reports.list, access: 'office-read' },
  compliance: { label: 'Compliance', path: paths.compliance, access: 'office-read' },
  inspections: { label: 'Inspections', path: paths.inspections, access: 'office-read' },
  driversHours: { label: 'Drivers’ hours', path: paths.driversHours, access: 'office-read' },
  dataTransfer: { label: 'Data', path: paths.dataTransfer, access: 'office-read' },
  rosterSync: { label: 'Roster sync', path: paths.rosterSync, access: 'office-read' },
  // Accounts are the administrators' (decision 077): the list's route stays office-read for the inbox's colleagues.
  staffUsers: { label: 'Staff users', path: paths.staffUsers, access: 'admin' },
  singleSignOn: { label: 'Single sign-on', path: paths.singleSignOn, access: 'admin' },
  audit: { label: 'Audit log', path: paths.audit, access: 'office-read' },
  mySchools: { label: 'My schools', path: paths.mySchools, access: 'school' },
} as const satisfies Record<string, Section>;

/** The section whose screen this address opens (its own address, or one under it), if any. */
export function sectionOfPath(pathname: string): Section | undefined {
  const sections: Section[] = Object.values(SECTIONS);
  return sections.find((section) =>
    section.path === '/'
      ? pathname === '/'
      : pathname === section.path || pathname.startsWith(`${section.path}/`),
  );
}
