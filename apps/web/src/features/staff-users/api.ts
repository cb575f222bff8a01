import { MESSAGES, type InviteAdminInput, type SuccessEnvelope } from '@school-transport/shared';
import { apiRequest } from '../../lib/api-client';
import { useResourceMutation } from '../../lib/resource-api';

/** The API resource of administrator accounts, `/api/users/…`; the list screen reads it through ListPage. */
export const STAFF_USERS = 'users';

/** A change to an account: the server's message as a toast, then the list fetched again. */
const useStaffChange = <TVariables>(request: (variables: TVariables) => Promise<SuccessEnvelope>) =>
  useResourceMutation({ resource: STAFF_USERS, request, fallbackMessage: MESSAGES.somethingWentWrongSpaced });

export const useInviteAdmin = () =>
  useStaffChange((input: InviteAdminInput) => apiRequest<SuccessEnvelope>('POST', '/users/invite', input));

export const useResendInvitation = () =>
  useStaffChange((id: string) => apiRequest<SuccessEnvelope>('POST', `/users/resend-invitation/${id}`));

export const useDisableAccount = () =>
  useStaffChange((id: string) => apiRequest<SuccessEnvelope>('POST', `/users/disable/${id}`));

export const useEnableAccount = () =>
  useStaffChange((id: string) => apiRequest<SuccessEnvelope>('POST', `/users/enable/${id}`));
