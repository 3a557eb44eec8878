import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { queueKey } from './get-queue';

/** `POST /api/admin/moderation/vacancies/{id}/take-down`: a published ad leaves the search at once, with the reason. */
export function useTakeDownAd() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      unwrap(api.POST('/api/admin/moderation/vacancies/{id}/take-down', { params: { path: { id } }, body: { reason: reason.trim() } })),
    onSettled: () => client.invalidateQueries({ queryKey: queueKey }),
  });
}
