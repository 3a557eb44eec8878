import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { SortField, Sorting } from '@/shared/lib/sorting';

import type { ChatPage } from './types';

export const chatsQueryKey = ['chats'] as const;

/** What `GET /api/user/chats` sorts by, the default (the latest activity) first. */
export const CHAT_SORTS = [
  { field: 'lastMessage', order: 'desc' },
  { field: 'created', order: 'desc' },
  { field: 'unread', order: 'desc' },
  { field: 'otherParty', order: 'asc' },
] as const satisfies readonly SortField[];
export type ChatSort = (typeof CHAT_SORTS)[number]['field'];

/** The reader's chats in the chosen order, 50 to a page (zero-based); the page shown stays while the next loads. */
export function useChats({ sort, order }: Sorting<ChatSort>, page = 0) {
  return useQuery({
    queryKey: [...chatsQueryKey, 'list', page, sort, order],
    queryFn: (): Promise<ChatPage> => unwrap(api.GET('/api/user/chats', { params: { query: { sort, order, page } } })),
    placeholderData: keepPreviousData,
  });
}

/** The zero-based page of `?page=`; a missing or wrong value is the first page. */
export function chatPageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 0;
}
