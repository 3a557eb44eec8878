import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { chatsQueryKey } from './get-chats';
import type { Conversation } from './types';

export const conversationQueryKey = (chatId: string) => [...chatsQueryKey, 'conversation', chatId] as const;

/** Reading a chat marks the other side's messages read. */
export function fetchConversation(chatId: string): Promise<Conversation> {
  return unwrap(api.GET('/api/user/chats/{id}/messages', { params: { path: { id: chatId } } }));
}

export const conversationQuery = (chatId: string) =>
  queryOptions({ queryKey: conversationQueryKey(chatId), queryFn: () => fetchConversation(chatId) });

/** One chat with its messages, oldest first; a chat not the reader's is a 404 shown in place. */
export function useConversation(chatId: string | null) {
  return useQuery({ ...conversationQuery(chatId ?? ''), enabled: !!chatId, meta: { handledLocally: true } });
}
