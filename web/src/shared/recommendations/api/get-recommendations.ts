import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import type { Recommendations } from './types';

/** Every cached list of recommendations starts with this key, so hiding or undoing reads them all again. */
export const recommendationsKey = ['recommendations'] as const;

export function fetchRecommendations(size: number): Promise<Recommendations> {
  return unwrap(api.GET('/api/user/recommendations', { params: { query: { size } } }));
}

export const recommendationsQuery = (size: number) =>
  queryOptions({
    queryKey: [...recommendationsKey, size] as const,
    queryFn: () => fetchRecommendations(size),
    staleTime: 60 * 1000,
  });

/**
 * `GET /api/user/recommendations?size=`: the live vacancies that fit the applicant's most recently
 * updated CV best, without those applied to or hidden, each with its reasons.
 */
export function useRecommendations(size: number, enabled = true) {
  return useQuery({ ...recommendationsQuery(size), enabled, meta: { handledLocally: true } });
}
