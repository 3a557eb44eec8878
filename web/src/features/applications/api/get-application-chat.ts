import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import { ApiError } from '@/shared/api/errors';
import type { components } from '@/shared/api/schema';

export type ApplicationChat = components['schemas']['ChatSummary'];

/** `GET /api/user/chats/application/{id}`: the chat the employer started about the application; null while there is none (404). */
export function useApplicationChat(applicationId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['chats', 'application', applicationId],
    queryFn: async (): Promise<ApplicationChat | null> => {
      try {
        return await unwrap(api.GET('/api/user/chats/application/{id}', { params: { path: { id: applicationId } } }));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled,
    retry: false,
    meta: { handledLocally: true },
  });
}
