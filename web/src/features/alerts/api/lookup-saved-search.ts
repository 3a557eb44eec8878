import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

import { savedSearchesKey } from './get-saved-searches';

type Filter = components['schemas']['SearchFilter'];

/** Whether the signed-in person already saved this filter (the "Save search" button's state). */
export function useSavedSearchLookup(filter: Filter, enabled: boolean) {
  return useQuery({
    queryKey: [...savedSearchesKey, 'lookup', filter],
    queryFn: () => unwrap(api.POST('/api/user/saved-searches/lookup', { body: { filter } })),
    enabled,
  });
}
