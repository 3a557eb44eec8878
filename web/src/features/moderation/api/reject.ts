import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { queueKey } from './get-queue';

/** `POST /api/admin/moderation/vacancies/{id}/reject`: an ad waiting for review goes back to the drafts with the reason. */
export function useRejectAd() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      unwrap(api.POST('/api/admin/moderation/vacancies/{id}/reject', { params: { path: { id } }, body: { reason: reason.trim() } })),
    onSettled: () => client.invalidateQueries({ queryKey: queueKey }),
  });
}
