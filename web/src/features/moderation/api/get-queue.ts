import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

export type QueueItem = components['schemas']['QueueItem'];

export const queueKey = ['admin', 'moderation', 'queue'] as const;

/** `GET /api/admin/moderation`: ads waiting for review, live ads not yet reviewed and reported ads, newest report first. */
export function useModerationQueue() {
  return useQuery({ queryKey: queueKey, queryFn: () => unwrap(api.GET('/api/admin/moderation')) });
}
