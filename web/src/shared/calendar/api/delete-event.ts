import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { calendarQueryKey } from './get-calendar';

/** Deletes an event (a recurring one whole). */
export async function deleteEvent(eventId: string): Promise<void> {
  await unwrap(api.DELETE('/api/user/events', { params: { query: { eventId } } }));
}

export function useDeleteEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteEvent,
    meta: { handledLocally: true },
    onSuccess: () => client.invalidateQueries({ queryKey: calendarQueryKey }),
  });
}
