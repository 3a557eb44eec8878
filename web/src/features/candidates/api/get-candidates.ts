import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { type CandidateFilters, queryOf } from '../lib/search-params';
import type { CandidateItem } from './types';

export const candidatesQueryKey = ['candidates'] as const;

export function fetchCandidates(vacancyId: string, filters: CandidateFilters): Promise<CandidateItem[]> {
  return unwrap(api.GET('/api/employer/vacancies/{id}/applications', { params: { path: { id: vacancyId }, query: queryOf(filters) } }));
}

export const candidatesQuery = (vacancyId: string, filters: CandidateFilters) =>
  queryOptions({
    queryKey: [...candidatesQueryKey, 'list', vacancyId, filters] as const,
    queryFn: () => fetchCandidates(vacancyId, filters),
    placeholderData: keepPreviousData,
  });

/** The candidates of one of the company's vacancies, filtered and sorted. */
export function useCandidates(vacancyId: string, filters: CandidateFilters) {
  return useQuery(candidatesQuery(vacancyId, filters));
}
