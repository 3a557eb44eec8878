import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { VacancyListItem } from '@/shared/vacancies/api';

/** `GET /api/open/vacancies/{id}/similar`: up to five live vacancies like this one, none of them a copy by the same company. */
export async function fetchSimilarVacancies(id: string): Promise<VacancyListItem[]> {
  return (await unwrap(api.GET('/api/open/vacancies/{id}/similar', { params: { path: { id } } }))).items;
}

/** The vacancies like this one; a failure (a vacancy no longer public answers 404) leaves the section out. */
export function useSimilarVacancies(vacancyId: string) {
  return useQuery({
    queryKey: ['vacancy', vacancyId, 'similar'],
    queryFn: () => fetchSimilarVacancies(vacancyId),
    staleTime: 5 * 60 * 1000,
    retry: false,
    meta: { handledLocally: true },
  });
}
