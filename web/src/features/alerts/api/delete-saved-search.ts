import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { savedSearchesKey } from './get-saved-searches';

/** Deletes one of the person's saved searches. */
export function useDeleteSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string }) => unwrap(api.DELETE('/api/user/saved-searches/{id}', { params: { path: { id } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: savedSearchesKey }),
  });
}
