import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

export type CompanyView = components['schemas']['CompanyView'];

export const cvViewsQuery = (cvId: string) =>
  queryOptions({
    queryKey: ['cv', 'views', cvId] as const,
    queryFn: (): Promise<CompanyView[]> => unwrap(api.GET('/api/applicant/cv/{id}/views', { params: { path: { id: cvId } } })),
  });

/** `GET /api/applicant/cv/{id}/views`: the companies that opened the applicant's CV, the last first. */
export function useCvViews(cvId: string) {
  return useQuery(cvViewsQuery(cvId));
}
