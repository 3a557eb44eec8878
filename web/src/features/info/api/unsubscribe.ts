import { useMutation } from '@tanstack/react-query';

import { request } from '@/shared/api/client';

/** `POST /api/open/notifications/unsubscribe/{username}/{token}` (spec 1 section 7). */
export async function unsubscribe(username: string, token: string): Promise<void> {
  await request('POST', `/api/open/notifications/unsubscribe/${encodeURIComponent(username)}/${encodeURIComponent(token)}`);
}

export function useUnsubscribe() {
  return useMutation({
    mutationFn: ({ username, token }: { username: string; token: string }) => unsubscribe(username, token),
    meta: { handledLocally: true },
  });
}
