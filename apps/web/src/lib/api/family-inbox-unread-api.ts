import { useQuery } from '@tanstack/react-query';
import { FAMILY_INBOX_PATHS, type FamilyInboxUnread, type SuccessEnvelope } from '@school-transport/shared';
import { apiRequest } from './api-client';

/** The family inbox's answers share this root key: a reply or a read mark reloads the list, a thread and the badge. */
export const FAMILY_INBOX_KEY = ['family-inbox'] as const;

/** How often the menu's badge asks again: guardians write at any time, and no live event tells of it yet. */
const BADGE_REFRESH_MS = 60_000;

/**
 * Open threads with a guardian's message the office has not opened (decision 067): the menu's badge and the inbox
 * screen's heading read the same answer.
 */
export const useFamilyInboxUnread = (enabled = true) =>
  useQuery({
    enabled,
    queryKey: [...FAMILY_INBOX_KEY, 'unread'],
    queryFn: async () =>
      (
        (await apiRequest<SuccessEnvelope<FamilyInboxUnread>>('GET', FAMILY_INBOX_PATHS.unread))
          .data as FamilyInboxUnread
      ).unread,
    refetchInterval: BADGE_REFRESH_MS,
  });
