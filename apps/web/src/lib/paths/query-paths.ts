import type { TripStatus } from '@school-transport/shared';
import { paths } from './paths';

/**
 * Addresses of a list or page opened in a given state (a query string on an address of paths.ts). Apart from
 * paths.ts, which the first screen loads: only signed-in screens link to these.
 */

/** The student list showing only the children no route assignment takes yet (the dashboard links here). */
export const UNASSIGNED_STUDENTS_PATH = `${paths.students.list}?unassigned=true`;

/** The address parameter that opens an assignment's page ready to change its children. */
export const CHANGE_STUDENTS_PARAM = 'change';
export const changeStudentsPath = (id: string) =>
  `${paths.assignments.details(id)}?${CHANGE_STUDENTS_PARAM}=students`;

/** The trips of one day in one status, e.g. the dashboard's "started today". */
export function tripsOfDayPath(day: string, status: TripStatus): string {
  return `${paths.trips.list}?${new URLSearchParams({ dateFrom: day, dateTo: day, status })}`;
}

/** The address parameter that keeps a planning job on the planner's screen, so a reload returns to it. */
export const PROPOSAL_PARAM = 'proposal';
export const plannerProposalPath = (id: string) => `${paths.planner}?${PROPOSAL_PARAM}=${id}`;
