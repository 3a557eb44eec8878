import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import type { ChatPage } from './types';

export const chatsQueryKey = ['chats'] as const;
export const chatListQueryKey = (page: number) => [...chatsQueryKey, 'list', page] as const;

export function fetchChats(page: number): Promise<ChatPage> {
  return unwrap(api.GET('/api/user/chats', { params: { query: { page } } }));
}

export const chatsQuery = (page: number) => queryOptions({ queryKey: chatListQueryKey(page), queryFn: () => fetchChats(page) });

/** The reader's chats, newest activity first, 50 to a page. */
export function useChats(page = 0) {
  return useQuery(chatsQuery(page));
}
