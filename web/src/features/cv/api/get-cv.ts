import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import type { Cv } from './types';

export const cvQueryKey = (cvId: string) => ['cv', 'one', cvId] as const;

export async function fetchCv(cvId: string): Promise<Cv> {
  return (await unwrap(api.GET('/api/user/cv/{id}', { params: { path: { id: cvId } } }))) as unknown as Cv;
}

export const cvQuery = (cvId: string) => queryOptions({ queryKey: cvQueryKey(cvId), queryFn: () => fetchCv(cvId) });

/** A whole CV of the applicant; nothing is asked while there is no id. */
export function useCv(cvId: string | null) {
  return useQuery({ ...cvQuery(cvId ?? ''), enabled: !!cvId, meta: { handledLocally: true } });
}
