import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { calendarQueryKey } from './get-calendar';
import type { CalendarEvent, EventInput } from './types';

/** Adds an event, or replaces one (a recurring event as a whole series) when `eventId` is given. */
export function saveEvent({ eventId, input }: { eventId: string | null; input: EventInput }): Promise<CalendarEvent> {
  if (eventId) return unwrap(api.PUT('/api/user/events', { body: { ...input, eventId } }));
  return unwrap(api.POST('/api/user/events', { body: input }));
}

export function useSaveEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveEvent,
    meta: { handledLocally: true },
    onSuccess: () => client.invalidateQueries({ queryKey: calendarQueryKey }),
  });
}
