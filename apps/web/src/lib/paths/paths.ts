/**
 * The address of a screen about one record: called with an id it gives that record's address (for links and
 * redirects); its `pattern` is what the router table matches.
 */
export interface RecordPath {
  (id: string): string;
  readonly pattern: string;
}

function recordPath(screen: string): RecordPath {
  return Object.assign((id: string) => `/${screen}/${id}`, { pattern: `/${screen}/:id` });
}

/**
 * Every address of the app, each written once: app/routes.tsx builds the router table from it, and every link,
 * redirect, menu entry and dashboard card uses it. The addresses are the product's (bookmarks and mailed links
 * lead to them), so they only ever grow.
 */
export const paths = {
  dashboard: '/',
  /** The dispatcher's screens: where the day's buses are, and every trip of the day as it runs. */
  liveMap: '/live-map',
  today: '/today',
  login: '/login',
  forgotPassword: '/forgot-password',
  /** Where reset and invitation links lead (`?token=…`). */
  resetPassword: '/reset-password',
  profile: '/profile',
  emailVerify: '/email-verify',
  staffUsers: '/staff-users',
  /** Staff sign-in through OpenID Connect providers (decision 070). */
  singleSignOn: '/single-sign-on',
  audit: '/audit-log',
  /** School staff's own screen: their schools' children and runs of today (decision 069). */
  mySchools: '/my-schools',
  drivers: {
    list: '/all-drivers',
    details: recordPath('driver-details'),
    update: recordPath('update-driver-details'),
  },
  parents: {
    list: '/all-parents',
    add: '/add-parent',
    details: recordPath('parent-details'),
    update: recordPath('update-parent'),
  },
  students: {
    list: '/all-students',
    details: recordPath('student-details'),
    update: recordPath('update-student'),
  },
  /** Vehicles and bus routes are added and edited in their lists' dialogs. */
  vehicles: { list: '/all-vehicles', details: recordPath('vehicle-details') },
  busRoutes: { list: '/all-routes', details: recordPath('route-details') },
  /** Stops are added and edited in their list's dialog; a route's page orders them into its runs. */
  stops: { list: '/all-stops' },
  /** Schools are added and edited in their list's dialog. */
  schools: { list: '/all-schools' },
  /** The route planner: proposes stops and runs for a school, shown for review beside today's routes. */
  planner: '/planner',
  calendar: '/school-calendar',
  /** Substitute drivers and vehicles on routes' runs (decision 054). */
  covers: '/covers',
  /** Field and activity trips, their rates and invoices (decision 073). */
  fieldTrips: '/field-trips',
  fieldTripRates: '/field-trip-rates',
  fieldTripInvoices: '/field-trip-invoices',
  /** The office's messages to families and the templates it keeps for them (decision 066). */
  familyMessages: '/family-messages',
  messageTemplates: '/message-templates',
  /** Parents' requests for another stop on some days, approved or declined here, and the office's entries. */
  stopChanges: '/stop-changes',
  planChanges: '/plan-changes',
  /** Home addresses the geocoder could not place well, fixed on the map (decision 072). */
  addressReview: '/address-review',
  /** Guardians' conversations with the office about a child and a date (decision 067). */
  familyInbox: '/family-inbox',
  /** Guardians' requests for another guardian of their child, approved (a parent record, linked) or declined. */
  guardianRequests: '/guardian-requests',
  assignments: {
    list: '/all-assignments',
    add: '/add-assignments',
    details: recordPath('assignment-details'),
  },
  trips: { list: '/all-trips', details: recordPath('trip-details') },
  /** The office's reports over a range of days, and a route's run printed as a manifest (`?routeId=…&run=…`). */
  reports: { list: '/reports', manifest: '/reports/manifest' },
  /** Credentials of drivers and vehicles, and their kinds (issue 18). */
  compliance: '/compliance',
  /** Pre-trip inspections, open defects, checklists and child checks per vehicle (`?vehicle=…`). */
  inspections: '/inspections',
  /** Drivers' shifts: open ones to close, a driver's timesheet (`?driver=…&from=…&to=…`), its CSV. */
  driversHours: '/drivers-hours',
  /** CSV in and out: the trip history's export and the import of families, drivers, vehicles and stops. */
  dataTransfer: '/data',
  /** Schools, students and guardians from the school's information system over OneRoster (decision 071). */
  rosterSync: '/roster-sync',
} as const;

/** Where a signed-in staff user starts: school staff on their schools' screen, the office on the dashboard. */
export const landingOf = (role: string | null) =>
  role === 'school_staff' ? paths.mySchools : paths.dashboard;
