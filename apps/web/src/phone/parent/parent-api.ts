import {
  MESSAGES,
  type Absence,
  type ChildHistoryEntry,
  type NotificationPreferences,
  type ParentAbsenceInput,
  type ParentBusAnswer,
  type ParentChild,
  type ParentPortalSettings,
  type ParentProfile,
  type ParentProfileInput,
  type PlanChange,
  type PushKey,
  type PushSubscriptionInput,
  type SuccessEnvelope,
} from '@school-transport/shared';
import { NOTIFICATION_PATHS } from '@school-transport/shared/notification-paths';
import { PARENT_PORTAL_PATHS, PLAN_CHANGE_PATHS } from '@school-transport/shared/parent-portal-constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type HttpMethod } from '../../lib/api/api-client';
import { useParentToken } from './parent-session';
import { takeFirstRequest } from '../boot/first-request';

/** Every query of the portal starts with this, so a change refreshes what it touches and sign-out drops it all. */
export const PARENT = 'parent';
export const parentKeys = {
  children: [PARENT, 'children'] as const,
  history: (childId: string) => [PARENT, 'history', childId] as const,
  settings: [PARENT, 'settings'] as const,
  bus: (tripId: string) => [PARENT, 'bus', tripId] as const,
  preferences: [PARENT, 'preferences'] as const,
  profile: [PARENT, 'profile'] as const,
  planChanges: [PARENT, 'plan-changes'] as const,
};

/** A portal path with its `:id` filled in. */
export const withId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

/** A call as the signed-in parent (their own token, not the back-office's). */
export async function parentRequest<T>(
  token: string,
  method: HttpMethod,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<SuccessEnvelope<T>> {
  return apiRequest<SuccessEnvelope<T>>(method, path, body, { token, signal });
}

async function parentData<T>(token: string, path: string, signal: AbortSignal): Promise<T> {
  const answer = await parentRequest<T>(token, 'GET', path, undefined, signal);
  if (answer.data === undefined) throw new Error(MESSAGES.serverError);
  return answer.data;
}

/**
 * Today's children and runs. The portal's service worker answers with the last one it kept when the phone is
 * offline, adding `offlineSince` (when it was kept), so the screen can say it is not live.
 */
export interface TodayAnswer {
  children: ParentChild[];
  offlineSince: string | null;
}

export function useParentChildren() {
  const token = useParentToken();
  return useQuery({
    queryKey: parentKeys.children,
    queryFn: async ({ signal }): Promise<TodayAnswer> => {
      // The boot script may have asked already, while this code downloaded (phone/boot/first-request.ts).
      const answer = await apiRequest<SuccessEnvelope<ParentChild[]>>(
        'GET',
        PARENT_PORTAL_PATHS.children,
        undefined,
        {
          token,
          signal,
          started: takeFirstRequest(PARENT_PORTAL_PATHS.children, token),
        },
      );
      const offlineSince = (answer as { offlineSince?: unknown }).offlineSince;
      return {
        children: answer.data ?? [],
        offlineSince: typeof offlineSince === 'string' ? offlineSince : null,
      };
    },
  });
}

export function useChildHistory(childId: string) {
  const token = useParentToken();
  return useQuery({
    queryKey: parentKeys.history(childId),
    queryFn: ({ signal }) =>
      parentData<ChildHistoryEntry[]>(token, withId(PARENT_PORTAL_PATHS.childHistory, childId), signal),
  });
}

export function useParentSettings() {
  const token = useParentToken();
  return useQuery({
    queryKey: parentKeys.settings,
    queryFn: ({ signal }) => parentData<ParentPortalSettings>(token, PARENT_PORTAL_PATHS.settings, signal),
    staleTime: 5 * 60_000,
  });
}

/** The bus of a trip carrying the child, asked for only while the run says it may be shown. */
export function useParentBus(tripId: string | null) {
  const token = useParentToken();
  return useQuery({
    queryKey: parentKeys.bus(tripId ?? ''),
    enabled: tripId !== null,
    queryFn: ({ signal }) =>
      parentData<ParentBusAnswer>(token, withId(PARENT_PORTAL_PATHS.bus, tripId ?? ''), signal),
  });
}

/** A change of the children's runs: Today is read again afterwards, whatever the outcome. */
function useChildrenChange<TVariables, TData>(
  request: (token: string, variables: TVariables) => Promise<TData>,
) {
  const token = useParentToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: TVariables) => request(token, variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: parentKeys.children }),
  });
}

export const useMarkAbsent = () =>
  useChildrenChange((token, { childId, input }: { childId: string; input: ParentAbsenceInput }) =>
    parentRequest<Absence[]>(token, 'POST', withId(PARENT_PORTAL_PATHS.childAbsences, childId), input),
  );

export const useUndoAbsence = () =>
  useChildrenChange((token, absenceId: string) =>
    parentRequest(token, 'DELETE', withId(PARENT_PORTAL_PATHS.absence, absenceId)),
  );

export function useNotificationPreferences() {
  const token = useParentToken();
  return useQuery({
    queryKey: parentKeys.preferences,
    queryFn: ({ signal }) =>
      parentData<NotificationPreferences>(token, NOTIFICATION_PATHS.preferences, signal),
  });
}

export function useSavePreferences() {
  const token = useParentToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferences) =>
      parentRequest<NotificationPreferences>(token, 'PUT', NOTIFICATION_PATHS.preferences, input),
    onSuccess: (answer) => {
      if (answer.data) queryClient.setQueryData(parentKeys.preferences, answer.data);
    },
  });
}

export function useParentProfile() {
  const token = useParentToken();
  return useQuery({
    queryKey: parentKeys.profile,
    queryFn: ({ signal }) => parentData<ParentProfile>(token, PARENT_PORTAL_PATHS.profile, signal),
  });
}

/** Saves the contact details; the server's answer (what it stored) becomes the profile the screen shows. */
export function useSaveParentProfile() {
  const token = useParentToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ParentProfileInput) =>
      parentRequest<ParentProfile>(token, 'PUT', PARENT_PORTAL_PATHS.profile, input),
    onSuccess: (answer) => {
      if (answer.data) queryClient.setQueryData(parentKeys.profile, answer.data);
    },
  });
}

/** The push calls the notification switch makes in order (key, then subscribe in the browser, then store). */
export const pushApi = (token: string) => ({
  key: async () =>
    (await parentData<PushKey>(token, NOTIFICATION_PATHS.pushKey, new AbortController().signal)).publicKey,
  save: (subscription: PushSubscriptionInput) =>
    parentRequest(token, 'POST', NOTIFICATION_PATHS.pushSubscriptions, subscription),
  remove: (endpoint: string) =>
    parentRequest(token, 'DELETE', NOTIFICATION_PATHS.pushSubscriptions, { endpoint }),
});

/** GET /api/parent/family-data: everything kept about the family, saved as a JSON file on the device. */
export async function downloadFamilyData(token: string): Promise<void> {
  const answer = await parentRequest<unknown>(token, 'GET', PARENT_PORTAL_PATHS.familyData);
  const data = answer.data ?? answer;
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `schoolride-family-data-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The children's changes of their standing plan: open ones, and those acknowledged lately (decision 068). */
export function usePlanChanges() {
  const token = useParentToken();
  return useQuery({
    queryKey: parentKeys.planChanges,
    queryFn: ({ signal }) => parentData<PlanChange[]>(token, PLAN_CHANGE_PATHS.parentList, signal),
  });
}

/** Acknowledges a change; the list is read again after it. */
export function useAcknowledgePlanChange() {
  const token = useParentToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      parentRequest<PlanChange>(token, 'POST', withId(PLAN_CHANGE_PATHS.parentAcknowledge, id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: parentKeys.planChanges }),
  });
}
