import {
  MESSAGES,
  type SecondFactorStatus,
  type SuccessEnvelope,
  type TotpEnrolment,
} from '@school-transport/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api/api-client';
import { createPasskey } from '../../lib/device/passkey-browser';
import { useResourceMutation } from '../../lib/api/resource-api';
import { PROFILE } from './profile-api';

/** The signed-in admin's own factor, on the profile (its key starts with PROFILE, so profile changes refresh it). */
export const useSecondFactorStatus = () =>
  useQuery({
    queryKey: [PROFILE, 'second-factor'],
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<SuccessEnvelope<SecondFactorStatus>>(
        'GET',
        '/profile/second-factor',
        undefined,
        { signal },
      );
      if (!answer.data) throw new Error(MESSAGES.serverError);
      return answer.data;
    },
  });

const useChange = <TVariables, TData = unknown>(
  request: (variables: TVariables) => Promise<SuccessEnvelope<TData>>,
) => useResourceMutation({ resource: PROFILE, request, fallbackMessage: MESSAGES.somethingWentWrongSpaced });

export const useStartEnrolment = () =>
  useChange(() => apiRequest<SuccessEnvelope<TotpEnrolment>>('POST', '/profile/second-factor/totp'));

export const useConfirmEnrolment = () =>
  useChange((code: string) =>
    apiRequest<SuccessEnvelope<{ recoveryCodes: string[] }>>('POST', '/profile/second-factor/totp/confirm', {
      code,
    }),
  );

export const useRemoveFactor = () =>
  useChange((password: string) =>
    apiRequest<SuccessEnvelope>('POST', '/profile/second-factor/totp/remove', { password }),
  );

export const useRenewRecoveryCodes = () =>
  useChange((password: string) =>
    apiRequest<SuccessEnvelope<{ recoveryCodes: string[] }>>(
      'POST',
      '/profile/second-factor/recovery-codes',
      {
        password,
      },
    ),
  );

/** Adding a passkey: the server's options, the browser's prompt (createPasskey), then the new credential, named. */
export const useAddPasskey = () =>
  useChange(async (label: string) => {
    const started = await apiRequest<SuccessEnvelope<{ options: Record<string, unknown> }>>(
      'POST',
      '/profile/second-factor/passkeys/options',
    );
    if (!started.data) throw new Error(MESSAGES.serverError);
    const credential = await createPasskey(started.data.options);
    return apiRequest<SuccessEnvelope<{ recoveryCodes: string[] }>>(
      'POST',
      '/profile/second-factor/passkeys',
      {
        label,
        credential,
      },
    );
  });

export const useRemovePasskey = (id: string) =>
  useChange((password: string) =>
    apiRequest<SuccessEnvelope>('POST', `/profile/second-factor/passkeys/${id}/remove`, { password }),
  );
