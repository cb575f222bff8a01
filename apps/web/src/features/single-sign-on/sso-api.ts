import {
  MESSAGES,
  type SsoProvider,
  type SsoProviderInput,
  type SsoSettings,
  type SuccessEnvelope,
} from '@school-transport/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api/api-client';
import { resourceKeys, useResourceMutation } from '../../lib/api/resource-api';

/** Single sign-on's providers and the passwords-off switch (decision 070): an administrator's screen. */
const SSO = 'sso';

export function useSsoProviders() {
  return useQuery({
    queryKey: [...resourceKeys.all(SSO), 'providers'],
    queryFn: async ({ signal }) =>
      (await apiRequest<SuccessEnvelope<SsoProvider[]>>('GET', '/sso/providers', undefined, { signal }))
        .data ?? [],
  });
}

export function useSsoSettings() {
  return useQuery({
    queryKey: [...resourceKeys.all(SSO), 'settings'],
    queryFn: async ({ signal }) =>
      (await apiRequest<SuccessEnvelope<SsoSettings>>('GET', '/sso/settings', undefined, { signal })).data!,
  });
}

export const useSaveSsoProvider = () =>
  useResourceMutation({
    resource: SSO,
    // The form shows the refusal next to its fields.
    reportFailure: false,
    request: ({ id, input }: { id?: string; input: SsoProviderInput }) =>
      id === undefined
        ? apiRequest<SuccessEnvelope<SsoProvider>>('POST', '/sso/providers', input)
        : apiRequest<SuccessEnvelope<SsoProvider>>('PUT', `/sso/providers/${id}`, input),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
  });

export const useDeleteSsoProvider = () =>
  useResourceMutation({
    resource: SSO,
    request: (id: string) => apiRequest<SuccessEnvelope>('DELETE', `/sso/providers/${id}`),
    fallbackMessage: MESSAGES.deleteFailed,
  });

export const useSaveSsoSettings = () =>
  useResourceMutation({
    resource: SSO,
    request: (settings: SsoSettings) =>
      apiRequest<SuccessEnvelope<SsoSettings>>('PUT', '/sso/settings', settings),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
  });
