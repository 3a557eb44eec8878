import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import type { Tab } from '../lib/tabs';
import type { ApplicantInterview } from './types';

export const interviewsQueryKey = ['interviews'] as const;
export const myInterviewsQueryKey = (tab: Tab) => [...interviewsQueryKey, 'my', tab] as const;

export function fetchMyInterviews(tab: Tab): Promise<ApplicantInterview[]> {
  return unwrap(api.GET('/api/applicant/interviews', { params: { query: { status: tab } } }));
}

export const myInterviewsQuery = (tab: Tab) => queryOptions({ queryKey: myInterviewsQueryKey(tab), queryFn: () => fetchMyInterviews(tab) });

/** The applicant's interviews in a tab, latest date first. */
export function useMyInterviews(tab: Tab) {
  return useQuery(myInterviewsQuery(tab));
}
