import type { DriverInvitation, SuccessEnvelope } from '@school-transport/shared';
import { MESSAGES } from '@school-transport/shared';
import { apiRequest } from '../../lib/api-client';
import { RESOURCES, useResourceMutation } from '../../lib/resource-api';

/** POST /api/drivers/{id}/invite: mails the driver a link to set a password for the driver app (a new link each time). */
export function useInviteDriver() {
  return useResourceMutation({
    resource: RESOURCES.drivers,
    request: (driverId: string) =>
      apiRequest<SuccessEnvelope<DriverInvitation>>('POST', `/${RESOURCES.drivers}/${driverId}/invite`),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
  });
}
