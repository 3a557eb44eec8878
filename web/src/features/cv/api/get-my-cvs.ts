import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import type { CvSummary } from './types';

export const myCvsQueryKey = ['cv', 'my'] as const;

export function fetchMyCvs(): Promise<CvSummary[]> {
  return unwrap(api.GET('/api/applicant/cv/my'));
}

export const myCvsQuery = () => queryOptions({ queryKey: myCvsQueryKey, queryFn: fetchMyCvs });

/** The applicant's CVs, most recently changed first. */
export function useMyCvs() {
  return useQuery(myCvsQuery());
}
