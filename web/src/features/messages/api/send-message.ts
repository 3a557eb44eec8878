import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { chatsQueryKey } from './get-chats';
import type { ChatMessage } from './types';

export interface Outgoing {
  chatId: string;
  text: string;
  attachmentFileId?: string | null;
}

export function sendMessage({ chatId, text, attachmentFileId }: Outgoing): Promise<ChatMessage> {
  return unwrap(
    api.POST('/api/user/chats/{id}', { params: { path: { id: chatId } }, body: { text: text.trim(), attachmentFileId: attachmentFileId ?? null } }),
  );
}

/** Sends a message; the list and the chat reload. Errors show under the send box. */
export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    meta: { handledLocally: true },
    onSuccess: () => client.invalidateQueries({ queryKey: chatsQueryKey }),
  });
}
