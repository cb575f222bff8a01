import {
  LANGUAGE_PATHS,
  MESSAGES,
  type Audience,
  type AudienceChoices,
  type AudienceCount,
  type AvailableLanguage,
  type FamilyMessage,
  type MessageTemplate,
  type familyMessageInputSchema,
  type messageTemplateInputSchema,
  type SuccessEnvelope,
} from '@school-transport/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api/api-client';
import { useDeleteResource, useResourceMutation, useSaveResource } from '../../lib/api/resource-api';

/** The office's messages to families (decision 066): templates (a kit resource) and sent messages. */
export const MESSAGE_TEMPLATES = 'message-templates';
export const FAMILY_MESSAGES = 'family-messages';

/** While a message is being sent, its counts are asked for this often (the job copies them every 2 s). */
const SENDING_REFRESH_MS = 2_000;

export type MessageTemplatePayload = z.output<typeof messageTemplateInputSchema>;
export type FamilyMessagePayload = z.output<typeof familyMessageInputSchema>;

export const useSaveMessageTemplate = () => useSaveResource<MessageTemplatePayload>(MESSAGE_TEMPLATES);
export const useDeleteMessageTemplate = () => useDeleteResource(MESSAGE_TEMPLATES);

const data = async <T>(path: string, signal: AbortSignal) =>
  (await apiRequest<SuccessEnvelope<T>>('GET', path, undefined, { signal })).data as T;

/** The languages the server speaks besides English: a template may have a text in each. */
export function useOtherLanguages() {
  return useQuery({
    queryKey: ['languages'],
    queryFn: ({ signal }) => data<AvailableLanguage[]>(LANGUAGE_PATHS.languages, signal),
    select: (languages) => languages.filter((language) => language.code !== 'en'),
    staleTime: Infinity,
  });
}

/** The sent messages, newest first; refreshed every 2 s while one is still being sent. */
export function useFamilyMessages() {
  return useQuery({
    queryKey: [FAMILY_MESSAGES, 'list'],
    queryFn: ({ signal }) => data<FamilyMessage[]>(`/${FAMILY_MESSAGES}/get-all`, signal),
    refetchInterval: (query) =>
      query.state.data?.some((message) => message.state !== 'DONE') ? SENDING_REFRESH_MS : false,
  });
}

/** Today's runs, the routes, schools and stops the office can address. */
export function useAudienceChoices() {
  return useQuery({
    queryKey: [FAMILY_MESSAGES, 'audiences'],
    queryFn: ({ signal }) => data<AudienceChoices>(`/${FAMILY_MESSAGES}/audiences`, signal),
  });
}

/** Every template, for the send form's choice (an operator keeps a few dozen). */
export function useTemplateChoices() {
  return useQuery({
    queryKey: [MESSAGE_TEMPLATES, 'choices'],
    queryFn: ({ signal }) =>
      data<MessageTemplate[]>(`/${MESSAGE_TEMPLATES}/get-all?limit=100&sort=name&order=asc`, signal),
  });
}

/** How many guardians an audience reaches now; nothing asked until the audience is complete. */
export function useRecipientCount(audience: Audience | null) {
  return useQuery({
    queryKey: [FAMILY_MESSAGES, 'count', audience],
    enabled: audience !== null,
    queryFn: async ({ signal }) =>
      (
        await apiRequest<SuccessEnvelope<AudienceCount>>(
          'POST',
          `/${FAMILY_MESSAGES}/recipients`,
          { audience },
          { signal },
        )
      ).data as AudienceCount,
  });
}

export function useSendFamilyMessage() {
  return useResourceMutation({
    resource: FAMILY_MESSAGES,
    request: (input: FamilyMessagePayload) =>
      apiRequest<SuccessEnvelope<FamilyMessage>>('POST', `/${FAMILY_MESSAGES}/create`, input),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
    reportFailure: false,
  });
}
