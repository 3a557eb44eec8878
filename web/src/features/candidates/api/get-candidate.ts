import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { candidatesQueryKey } from './get-candidates';
import type { CandidateView } from './types';

export const candidateQueryKey = (applicationId: string) => [...candidatesQueryKey, 'one', applicationId] as const;

/** Opens the candidate: the server clears its NEW or UPDATED flag. */
export function fetchCandidate(applicationId: string): Promise<CandidateView> {
  return unwrap(api.GET('/api/employer/applications/{id}', { params: { path: { id: applicationId } } }));
}

export const candidateQuery = (applicationId: string) => queryOptions({ queryKey: candidateQueryKey(applicationId), queryFn: () => fetchCandidate(applicationId) });

/** One candidate in full. */
export function useCandidate(applicationId: string) {
  return useQuery(candidateQuery(applicationId));
}
