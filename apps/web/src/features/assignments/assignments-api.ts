import type {
  AssignmentCreateInput,
  AssignmentDetails,
  AssignmentInput,
  AssignStudentsInput,
  SuccessEnvelope,
} from '@school-transport/shared';
import { MESSAGES } from '@school-transport/shared';
import { apiRequest } from '../../lib/api/api-client';
import { RESOURCES, useResourceItem, useResourceMutation } from '../../lib/api/resource-api';

const ASSIGNMENTS = RESOURCES.assignments;

/**
 * An assignment's change moves drivers, vehicles, routes and children in or out of the free lists, and shows
 * on the children's own screens and their parents' (the route they ride with).
 */
const RELATED = {
  alsoRefresh: [
    RESOURCES.drivers,
    RESOURCES.vehicles,
    RESOURCES.busRoutes,
    RESOURCES.students,
    RESOURCES.parents,
  ],
};

type AssignmentAnswer = SuccessEnvelope<AssignmentDetails>;

export const useAssignment = (id: string) => useResourceItem<AssignmentDetails>(ASSIGNMENTS, id);

/** A change of an assignment, reported and refreshed the usual way (useResourceMutation). */
const useAssignmentChange = <TVariables, TAnswer extends SuccessEnvelope<unknown>>(
  request: (variables: TVariables) => Promise<TAnswer>,
  fallbackMessage: string = MESSAGES.somethingWentWrongSpaced,
) => useResourceMutation({ resource: ASSIGNMENTS, ...RELATED, request, fallbackMessage });

/** POST create: route, vehicle, driver and the children at once (all saved, or none). */
export const useCreateAssignment = () =>
  useAssignmentChange((input: AssignmentCreateInput) =>
    apiRequest<AssignmentAnswer>('POST', `/${ASSIGNMENTS}/create`, input),
  );

/** POST assign-students: the new set of children replaces the old one. */
export const useAssignStudents = () =>
  useAssignmentChange((input: AssignStudentsInput) =>
    apiRequest<AssignmentAnswer>('POST', `/${ASSIGNMENTS}/assign-students`, input),
  );

/** PUT update: another route, vehicle or driver; the children stay (if the new vehicle seats them). */
export const useUpdateAssignment = () =>
  useAssignmentChange(({ id, parts }: { id: string; parts: AssignmentInput }) =>
    apiRequest<AssignmentAnswer>('PUT', `/${ASSIGNMENTS}/update/${id}`, parts),
  );

/** The API's own name for the call, unlike the other resources': DELETE delete-route-assignment/{id}. */
export const useDeleteAssignment = () =>
  useAssignmentChange(
    (id: string) =>
      apiRequest<SuccessEnvelope<unknown>>('DELETE', `/${ASSIGNMENTS}/delete-route-assignment/${id}`),
    MESSAGES.deleteFailed,
  );
