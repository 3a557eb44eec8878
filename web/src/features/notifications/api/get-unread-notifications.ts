import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import { BADGE_REFRESH_MS } from '@/shared/lib/badges';

import { NOTIFICATIONS_KEY } from './get-notifications';

/** `GET /api/user/notifications/unread`: the header bell's count, polled with the menu's badges. */
export function useUnreadNotifications(signedIn: boolean) {
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'unread'],
    queryFn: () => unwrap(api.GET('/api/user/notifications/unread')),
    enabled: signedIn,
    refetchInterval: BADGE_REFRESH_MS,
    meta: { handledLocally: true },
  });
}
