import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

export const savedSearchesKey = ['saved-searches'] as const;

/** The signed-in person's saved searches with their counts of what is new. */
export function useSavedSearches() {
  return useQuery({ queryKey: savedSearchesKey, queryFn: () => unwrap(api.GET('/api/user/saved-searches')) });
}
