import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { BadgeCounts, BadgeKind } from '@/shared/lib/badges';

import { badgeCountsKey } from './badge-counts';

/**
 * Marks a part of the area as seen: its badge starts again from zero; the answer is the new
 * counts. (Apart from the polling, so the public pages do not load the mutation code.)
 */
export function useMarkBadgeSeen(kind: BadgeKind) {
  const client = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: () => unwrap(api.PATCH('/api/user/menu-notifications', { body: { kind } })),
    onSuccess: (counts: BadgeCounts) => client.setQueryData(badgeCountsKey, counts),
    meta: { handledLocally: true },
  });
  return mutate;
}
