import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { savedSearchesKey } from './get-saved-searches';

/** Marks a saved search looked at now (its new count starts again). */
export function useOpenSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string }) => unwrap(api.POST('/api/user/saved-searches/{id}/open', { params: { path: { id } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: savedSearchesKey }),
  });
}
