import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { commentsQueryKey } from './comments';
import { candidatesQueryKey } from './get-candidates';
import type { ApplicationComment } from './types';

export function addComment({ applicationId, body }: { applicationId: string; body: string }): Promise<ApplicationComment> {
  return unwrap(api.POST('/api/employer/applications/{id}/comments', { params: { path: { id: applicationId } }, body: { body } }));
}

export function useAddComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addComment,
    meta: { handledLocally: true },
    onSuccess: (_, { applicationId }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: commentsQueryKey(applicationId) }),
        client.invalidateQueries({ queryKey: [...candidatesQueryKey, 'list'] }),
      ]),
  });
}
