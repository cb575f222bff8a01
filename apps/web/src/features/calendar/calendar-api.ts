import type { CalendarDate, CalendarDayInput, SuccessEnvelope } from '@school-transport/shared';
import { MESSAGES } from '@school-transport/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api/api-client';
import { useResourceMutation } from '../../lib/api/resource-api';

const CALENDAR = 'calendar';

/** GET /api/calendar?from&to: every date of the range, whether it is a school day and the entry that says so. */
export function useCalendarRange(from: string, to: string) {
  return useQuery({
    queryKey: [CALENDAR, from, to],
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ from, to });
      const answer = await apiRequest<SuccessEnvelope<CalendarDate[]>>(
        'GET',
        `/${CALENDAR}?${params}`,
        undefined,
        {
          signal,
        },
      );
      return answer.data ?? [];
    },
  });
}

/** PUT /api/calendar/{date}: what the date is (school day, holiday or closure) and a note. */
export function useSetCalendarDay() {
  return useResourceMutation({
    resource: CALENDAR,
    // Trips are generated from the calendar: their lists may change.
    alsoRefresh: ['trips'],
    request: ({ date, input }: { date: string; input: CalendarDayInput }) =>
      apiRequest<SuccessEnvelope<unknown>>('PUT', `/${CALENDAR}/${date}`, input),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
  });
}

/** DELETE /api/calendar/{date}: back to the weekday rule. */
export function useClearCalendarDay() {
  return useResourceMutation({
    resource: CALENDAR,
    alsoRefresh: ['trips'],
    request: (date: string) => apiRequest<SuccessEnvelope<unknown>>('DELETE', `/${CALENDAR}/${date}`),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
  });
}
