import { paths } from './paths';

/** A place the menu leads to: its name there (and on the dashboard's cards) and its address. */
export interface Section {
  label: string;
  path: string;
}

/**
 * The admin's management sections, in the menu's order. Apart from paths.ts, which the first screen loads: only
 * the signed-in screens need these names.
 */
export const SECTIONS = {
  // Operations come first: the live map is the dispatcher's first screen of the day.
  liveMap: { label: 'Live map', path: paths.liveMap },
  today: { label: 'Today', path: paths.today },
  dashboard: { label: 'Dashboard', path: paths.dashboard },
  drivers: { label: 'Drivers', path: paths.drivers.list },
  parents: { label: 'Parents', path: paths.parents.list },
  students: { label: 'Students', path: paths.students.list },
  vehicles: { label: 'Vehicles', path: paths.vehicles.list },
  busRoutes: { label: 'Routes', path: paths.busRoutes.list },
  stops: { label: 'Stops', path: paths.stops.list },
  schools: { label: 'Schools', path: paths.schools.list },
  planner: { label: 'Planner', path: paths.planner },
  calendar: { label: 'School calendar', path: paths.calendar },
  stopChanges: { label: 'Stop changes', path: paths.stopChanges },
  planChanges: { label: 'Changes to acknowledge', path: paths.planChanges },
  addressReview: { label: 'Review addresses', path: paths.addressReview },
  familyInbox: { label: 'Family inbox', path: paths.familyInbox },
  guardianRequests: { label: 'Guardian requests', path: paths.guardianRequests },
  assignments: { label: 'Assignments', path: paths.assignments.list },
  trips: { label: 'Trips', path: paths.trips.list },
  covers: { label: 'Covers', path: paths.covers },
  familyMessages: { label: 'Messages to families', path: paths.familyMessages },
  reports: { label: 'Reports', path: paths.reports.list },
  compliance: { label: 'Compliance', path: paths.compliance },
  inspections: { label: 'Inspections', path: paths.inspections },
  dataTransfer: { label: 'Data', path: paths.dataTransfer },
  staffUsers: { label: 'Staff users', path: paths.staffUsers },
  audit: { label: 'Audit log', path: paths.audit },
} as const satisfies Record<string, Section>;
