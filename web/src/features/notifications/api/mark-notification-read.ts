import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import { badgeCountsKey } from '@/shared/session/badge-counts';

import { NOTIFICATIONS_KEY } from './get-notifications';

/** `POST /api/user/notifications/{id}/read`: the user opened one; the list, the bell and the badges follow. */
export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.POST('/api/user/notifications/{id}/read', { params: { path: { id } } })),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }), client.invalidateQueries({ queryKey: badgeCountsKey })]),
    meta: { handledLocally: true },
  });
}
