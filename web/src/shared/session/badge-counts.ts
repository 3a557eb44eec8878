import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { api, unwrap } from '@/shared/api/client';
import { BADGE_APPEAR_DELAY_MS, BADGE_REFRESH_MS } from '@/shared/lib/badges';

export const badgeCountsKey = ['menu-notifications'] as const;

/** The menu's badge counts, polled every 30 s while `signedIn` (spec 1 section 9). */
export function useBadgeCounts(signedIn: boolean) {
  return useQuery({
    queryKey: badgeCountsKey,
    queryFn: () => unwrap(api.GET('/api/user/menu-notifications')),
    enabled: signedIn,
    refetchInterval: BADGE_REFRESH_MS,
    meta: { handledLocally: true },
  });
}

/**
 * Asks for fresh counts 100 ms after a badge-carrying menu item becomes visible. Items that
 * appear together share one request: a refresh already on its way is not restarted.
 */
export function useRefreshBadgesOnAppear(visible: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!visible) return;
    const timer = window.setTimeout(() => {
      void client.refetchQueries({ queryKey: badgeCountsKey, type: 'active' }, { cancelRefetch: false });
    }, BADGE_APPEAR_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [visible, client]);
}
