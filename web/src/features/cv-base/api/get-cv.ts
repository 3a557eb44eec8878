import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

export type DatabaseCv = components['schemas']['Cv'];

/** `GET /api/user/cv/{id}`: a CV of the database, as the CV access rules let the company read it. */
export function useDatabaseCv(cvId: string) {
  return useQuery({
    queryKey: ['cv-base', 'cv', cvId] as const,
    queryFn: () => unwrap(api.GET('/api/user/cv/{id}', { params: { path: { id: cvId } } })),
    retry: false,
  });
}
