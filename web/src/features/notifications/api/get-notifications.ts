import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

export type UserNotification = components['schemas']['UserNotification'];

export const NOTIFICATIONS_KEY = ['notifications'] as const;
export const PAGE_SIZE = 20;

/** `GET /api/user/notifications?page=&size=`: a page of the user's notifications, newest first. */
export function useNotifications(page: number) {
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'page', page],
    queryFn: () => unwrap(api.GET('/api/user/notifications', { params: { query: { page, size: PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
  });
}
