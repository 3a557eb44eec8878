import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

import { badgeCountsKey } from '@/shared/session/badge-counts';

/** What `GET /api/user/stream` sends as `event: chat`. */
export interface ChatEvent {
  kind: 'message' | 'read';
  chatId: string;
}

export const STREAM_PATH = '/api/user/stream';

/**
 * Keeps the signed-in user's live stream open while mounted: a chat event reloads the queries
 * under `chatsKey` and the menu badges. The browser's EventSource reconnects by itself; while it
 * is down the 30 s badge poll goes on as before. Answers whether the stream is connected.
 */
export function useChatStream(chatsKey: readonly unknown[], enabled = true): boolean {
  const client = useQueryClient();
  const [connected, setConnected] = useState(false);
  const key = useRef(chatsKey);
  key.current = chatsKey;
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(STREAM_PATH, { withCredentials: true });
    const reload = () => {
      void client.invalidateQueries({ queryKey: key.current });
      void client.invalidateQueries({ queryKey: badgeCountsKey });
    };
    source.addEventListener('ready', () => setConnected(true));
    source.addEventListener('chat', reload);
    source.addEventListener('resync', reload);
    source.onerror = () => setConnected(false);
    return () => {
      source.close();
      setConnected(false);
    };
  }, [client, enabled]);
  return connected;
}
