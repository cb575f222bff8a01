import { MESSAGES, type SuccessEnvelope } from '@school-transport/shared';
import { apiRequest } from '../../lib/api/api-client';
import { RESOURCES, useResourceMutation } from '../../lib/api/resource-api';

/**
 * POST /api/{students|parents|schools}/{id}/reactivate: the office brings back a record roster sync deactivated
 * (decision 076); the lists refresh with it.
 */
export function useReactivate(resource: typeof RESOURCES.students | typeof RESOURCES.parents) {
  return useResourceMutation({
    resource,
    alsoRefresh: [RESOURCES.students, RESOURCES.parents],
    request: (id: string) => apiRequest<SuccessEnvelope<undefined>>('POST', `/${resource}/${id}/reactivate`),
    fallbackMessage: MESSAGES.somethingWentWrong,
  });
}
