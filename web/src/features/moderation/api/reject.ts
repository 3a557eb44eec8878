import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { queueKey } from './get-queue';
import { refundsKey } from './get-refunds';

/**
 * `POST /api/admin/moderation/vacancies/{id}/reject`: an ad not yet reviewed is rejected with the
 * reason (one never live back to the drafts, its paid invoice a refund due; a live one out of the
 * search, its run ended).
 */
export function useRejectAd() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      unwrap(api.POST('/api/admin/moderation/vacancies/{id}/reject', { params: { path: { id } }, body: { reason: reason.trim() } })),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: queueKey }), client.invalidateQueries({ queryKey: refundsKey })]),
  });
}
