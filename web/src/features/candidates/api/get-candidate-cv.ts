import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

export type CandidateCvDocument = components['schemas']['Cv'];

/** The CV sent with an application, by the CV access rules (`GET /api/user/cv/{id}`). */
export function fetchCandidateCv(cvId: string): Promise<CandidateCvDocument> {
  return unwrap(api.GET('/api/user/cv/{id}', { params: { path: { id: cvId } } }));
}

export const candidateCvQuery = (cvId: string) => queryOptions({ queryKey: ['candidates', 'cv', cvId] as const, queryFn: () => fetchCandidateCv(cvId) });

export function useCandidateCv(cvId: string | undefined) {
  return useQuery({ ...candidateCvQuery(cvId ?? ''), enabled: Boolean(cvId) });
}
