import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

import { savedSearchesKey } from './get-saved-searches';

export type NewSavedSearch = components['schemas']['NewSavedSearch'];

/** Saves the current search for the signed-in person; the list and the button's state refresh. */
export function useCreateSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewSavedSearch) => unwrap(api.POST('/api/user/saved-searches', { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: savedSearchesKey }),
  });
}
