import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { savedSearchesKey } from './get-saved-searches';
import type { SavedSearchChange } from './types';

/** Renames, changes the frequency, pauses or resumes one of the person's saved searches. */
export function useUpdateSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: SavedSearchChange }) =>
      unwrap(api.PATCH('/api/user/saved-searches/{id}', { params: { path: { id } }, body: change })),
    onSuccess: () => client.invalidateQueries({ queryKey: savedSearchesKey }),
  });
}
