// With its extension: the build's config (shell-headings.ts) loads this file too, outside the bundler.
import { paths } from './paths.ts';

/** A screen's heading as its address alone decides it, and how PageHeader draws it there. */
export interface ScreenHeading {
  path: string;
  title: string;
  /** PageHeader's back arrow before the heading and its trail from Home under it (every list has both). */
  backAndTrail: boolean;
}

/**
 * The headings of the back-office screens whose `h1` is known from their address: the dashboard and the lists. The
 * screens draw their heading from here, and the build writes the same list into the page (shell-headings.ts), where
 * public/office-boot.js draws the opened screen's heading into the HTML shell before the app's code has run: on a
 * phone that heading is the screen's largest paint (issue 33, decision 055). One source, so the shell never says
 * something else than the screen that replaces it.
 */
export const SCREEN_HEADINGS = {
  dashboard: { path: paths.dashboard, title: 'Admin Dashboard', backAndTrail: false },
  staffUsers: { path: paths.staffUsers, title: 'Staff Users', backAndTrail: true },
  audit: { path: paths.audit, title: 'Audit Log', backAndTrail: true },
  singleSignOn: { path: paths.singleSignOn, title: 'Single Sign-On', backAndTrail: true },
  drivers: { path: paths.drivers.list, title: 'All Drivers', backAndTrail: true },
  parents: { path: paths.parents.list, title: 'All Parents', backAndTrail: true },
  students: { path: paths.students.list, title: 'All Students', backAndTrail: true },
  vehicles: { path: paths.vehicles.list, title: 'All Vehicles', backAndTrail: true },
  busRoutes: { path: paths.busRoutes.list, title: 'All Routes', backAndTrail: true },
  stops: { path: paths.stops.list, title: 'All Stops', backAndTrail: true },
  schools: { path: paths.schools.list, title: 'All Schools', backAndTrail: true },
  assignments: { path: paths.assignments.list, title: 'All Assignments', backAndTrail: true },
} as const satisfies Record<string, ScreenHeading>;

/** By path, what the shell draws: the heading's words and whether a back arrow and trail go with it. */
export function screenHeadingsByPath(): Record<string, Omit<ScreenHeading, 'path'>> {
  return Object.fromEntries(
    Object.values(SCREEN_HEADINGS).map(({ path, title, backAndTrail }) => [path, { title, backAndTrail }]),
  );
}
