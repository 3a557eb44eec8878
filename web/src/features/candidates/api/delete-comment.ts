import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { commentsQueryKey } from './comments';
import { candidatesQueryKey } from './get-candidates';

export async function deleteComment({ applicationId, commentId }: { applicationId: string; commentId: string }): Promise<void> {
  await unwrap(api.DELETE('/api/employer/applications/{id}/comments', { params: { path: { id: applicationId }, query: { commentId } } }));
}

export function useDeleteComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: (_, { applicationId }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: commentsQueryKey(applicationId) }),
        client.invalidateQueries({ queryKey: [...candidatesQueryKey, 'list'] }),
      ]),
  });
}
