import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { candidatesQueryKey } from './get-candidates';
import type { ApplicationComment } from './types';

export const commentsQueryKey = (applicationId: string) => [...candidatesQueryKey, 'comments', applicationId] as const;

export function fetchComments(applicationId: string): Promise<ApplicationComment[]> {
  return unwrap(api.GET('/api/employer/applications/{id}/comments', { params: { path: { id: applicationId } } }));
}

export const commentsQuery = (applicationId: string) => queryOptions({ queryKey: commentsQueryKey(applicationId), queryFn: () => fetchComments(applicationId) });

/** The staff's comments on a candidate, oldest first. */
export function useComments(applicationId: string) {
  return useQuery(commentsQuery(applicationId));
}
