import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { liveStream } from '@/shared/live/live-stream';
import { useLiveConnected, useLiveEvents } from '@/shared/live/use-live-stream';

/**
 * For the messages pages: reloads the queries under `chatsKey` on each chat event of the tab's
 * one live stream (`shared/live/`), which the app layout holds for a signed-in user; holding it
 * here too only makes sure it is open, never opens a second one. The menu badges are the
 * layout's. The browser's EventSource reconnects by itself; the answer is whether the stream is
 * connected (the page polls while it is not).
 */
export function useChatStream(chatsKey: readonly unknown[], enabled = true): boolean {
  const client = useQueryClient();
  const key = useRef(chatsKey);
  useEffect(() => {
    key.current = chatsKey;
  });
  useEffect(() => (enabled ? liveStream.hold() : undefined), [enabled]);
  useLiveEvents(() => {
    if (enabled) void client.invalidateQueries({ queryKey: key.current });
  });
  return useLiveConnected() && enabled;
}
