import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { mergeItems } from '../lib/items';
import type { CalendarItem } from './types';

/** A visible range as Tallinn wall clocks (`2026-10-26T00:00:00`); `end` is exclusive. */
export interface CalendarRange {
  start: string;
  end: string;
}

export const calendarQueryKey = ['calendar'] as const;

/** The user's one-off events and interviews, and every occurrence of their recurring events, in the range. */
export async function fetchCalendar(range: CalendarRange): Promise<CalendarItem[]> {
  const query = { params: { query: range } };
  const [oneOff, recurring] = await Promise.all([
    unwrap(api.GET('/api/user/events/my', query)),
    unwrap(api.GET('/api/user/events/my/recurrent', query)),
  ]);
  return mergeItems(oneOff, recurring);
}

export function useCalendar(range: CalendarRange | null) {
  return useQuery({
    queryKey: [...calendarQueryKey, range?.start, range?.end],
    queryFn: () => fetchCalendar(range as CalendarRange),
    enabled: !!range,
    placeholderData: keepPreviousData,
    // the calendar shows a refused period (too_many_occurrences) itself, as an alert
    meta: { handledLocally: true },
  });
}
