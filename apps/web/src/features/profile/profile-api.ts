import {
  MESSAGES,
  type ActiveSession,
  type changeEmailSchema,
  type changeNameSchema,
  type changePasswordSchema,
  type Profile,
  type SuccessEnvelope,
  type VerifyEmailInput,
} from '@school-transport/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api/api-client';
import { useResourceMutation } from '../../lib/api/resource-api';

/**
 * The signed-in person's own account (`/api/profile…`, and the e-mail code calls under `/api/auth`). Every query
 * key starts with PROFILE, so each change refreshes the profile and the sessions together.
 */
export const PROFILE = 'profile';

async function fetchData<T>(path: string, signal: AbortSignal): Promise<T> {
  const answer = await apiRequest<SuccessEnvelope<T>>('GET', path, undefined, { signal });
  if (answer.data === undefined) throw new Error(MESSAGES.serverError);
  return answer.data;
}

export const useProfile = () =>
  useQuery({ queryKey: [PROFILE, 'me'], queryFn: ({ signal }) => fetchData<Profile>('/profile', signal) });

export const useActiveSessions = () =>
  useQuery({
    queryKey: [PROFILE, 'sessions'],
    queryFn: ({ signal }) => fetchData<ActiveSession[]>('/profile/sessions', signal),
  });

/** A profile change: the server's message as a toast, then the profile and sessions fetched again. */
const useProfileChange = <TVariables, TData = unknown>(
  request: (variables: TVariables) => Promise<SuccessEnvelope<TData>>,
) => useResourceMutation({ resource: PROFILE, request, fallbackMessage: MESSAGES.somethingWentWrongSpaced });

export const useChangeName = () =>
  useProfileChange((input: z.output<typeof changeNameSchema>) =>
    apiRequest<SuccessEnvelope<Profile>>('PUT', '/profile/name', input),
  );

export const useChangePassword = () =>
  useProfileChange((input: z.output<typeof changePasswordSchema>) =>
    apiRequest<SuccessEnvelope>('POST', '/profile/change-password', input),
  );

/** Mails a code to the new address; the address changes only once the code is entered (useVerifyEmail). */
export const useChangeEmail = () =>
  useProfileChange((input: z.output<typeof changeEmailSchema>) =>
    apiRequest<SuccessEnvelope<{ pendingEmail: string }>>('POST', '/profile/change-email', input),
  );

export const useVerifyEmail = () =>
  useProfileChange((input: VerifyEmailInput) =>
    apiRequest<SuccessEnvelope<{ email: string }>>('POST', '/auth/verify-email', input),
  );

export const useResendCode = () =>
  useProfileChange(() => apiRequest<SuccessEnvelope>('POST', '/auth/resend-code'));

export const useEndSession = () =>
  useProfileChange((id: string) => apiRequest<SuccessEnvelope>('DELETE', `/profile/sessions/${id}`));
