import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { queueKey } from './get-queue';

/** Below the queue's key, so that every decision's invalidation of the queue reaches it too. */
export const adKey = (id: string) => [...queueKey, 'ad', id] as const;

/** `GET /api/admin/moderation/vacancies/{id}`: one ad as the queue shows it (its admin view), in the queue or not. */
export function useModeratedAd(id: string) {
  return useQuery({ queryKey: adKey(id), queryFn: () => unwrap(api.GET('/api/admin/moderation/vacancies/{id}', { params: { path: { id } } })) });
}
