import {
  MESSAGES,
  type InviteAdminInput,
  type StaffRoleInput,
  type SuccessEnvelope,
} from '@school-transport/shared';
import { apiRequest } from '../../lib/api/api-client';
import { RESOURCES, useResourceMutation } from '../../lib/api/resource-api';

/** A change to an account: the server's message as a toast, then the list fetched again. */
const useStaffChange = <TVariables>(request: (variables: TVariables) => Promise<SuccessEnvelope>) =>
  useResourceMutation({
    resource: RESOURCES.staffUsers,
    request,
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
  });

export const useInviteAdmin = () =>
  useStaffChange((input: InviteAdminInput) => apiRequest<SuccessEnvelope>('POST', '/users/invite', input));

export const useResendInvitation = () =>
  useStaffChange((id: string) => apiRequest<SuccessEnvelope>('POST', `/users/resend-invitation/${id}`));

export const useDisableAccount = () =>
  useStaffChange((id: string) => apiRequest<SuccessEnvelope>('POST', `/users/disable/${id}`));

export const useEnableAccount = () =>
  useStaffChange((id: string) => apiRequest<SuccessEnvelope>('POST', `/users/enable/${id}`));

/** A role change: the server's answer says the person's sessions have ended. */
export const useChangeRole = () =>
  useStaffChange(({ id, input }: { id: string; input: StaffRoleInput }) =>
    apiRequest<SuccessEnvelope>('PUT', `/users/role/${id}`, input),
  );
