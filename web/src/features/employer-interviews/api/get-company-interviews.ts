import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import type { Tab } from './types';

export const companyInterviewsKey = ['employer-interviews'] as const;

/** `GET /api/employer/interviews?tab=`: the acting company's interviews in a tab. */
export function useCompanyInterviews(tab: Tab) {
  return useQuery({
    queryKey: [...companyInterviewsKey, tab],
    queryFn: () => unwrap(api.GET('/api/employer/interviews', { params: { query: { tab } } })),
  });
}
