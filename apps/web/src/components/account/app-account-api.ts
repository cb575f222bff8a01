import type { AccountInvitation, InvitedAccountAnswer, SuccessEnvelope } from '@school-transport/shared';
import { MESSAGES } from '@school-transport/shared';
import { apiRequest } from '../../lib/api/api-client';
import { useResourceMutation } from '../../lib/api/resource-api';

/**
 * POST /api/{drivers|parents}/{id}/invite: mails the person a link to set a password for their app (a new link
 * each time). The answer's message is the toast; the record's screens refresh to show the account as invited.
 */
export function useInviteToApp(resource: 'drivers' | 'parents') {
  return useResourceMutation({
    resource,
    request: (id: string) =>
      apiRequest<SuccessEnvelope<AccountInvitation>>('POST', `/${resource}/${id}/invite`),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
  });
}

/**
 * POST /api/{drivers|parents}/{id}/disable or /enable: switches the account off (its sessions end) or on again.
 */
export function useSwitchAccount(resource: 'drivers' | 'parents') {
  return useResourceMutation({
    resource,
    request: ({ id, disabled }: { id: string; disabled: boolean }) =>
      apiRequest<SuccessEnvelope<InvitedAccountAnswer>>(
        'POST',
        `/${resource}/${id}/${disabled ? 'disable' : 'enable'}`,
      ),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
  });
}
