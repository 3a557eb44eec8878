import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { queueKey } from './get-queue';

/** `POST /api/admin/moderation/vacancies/{id}/approve`: the ad may be live; its reports are closed. */
export function useApproveAd() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.POST('/api/admin/moderation/vacancies/{id}/approve', { params: { path: { id } } })),
    onSettled: () => client.invalidateQueries({ queryKey: queueKey }),
  });
}
