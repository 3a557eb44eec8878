import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

export const employerVacancyKey = (id: string) => ['employer-vacancy', id] as const;

export function fetchEmployerVacancy(id: string) {
  return unwrap(api.GET('/api/employer/vacancies/{id}', { params: { path: { id } } }));
}

export const employerVacancyQuery = (id: string) =>
  queryOptions({ queryKey: employerVacancyKey(id), queryFn: () => fetchEmployerVacancy(id), staleTime: 30 * 1000, retry: false });

/** One of the acting company's vacancies as its editor sees it; another company's is not found (the screen says so). */
export function useEmployerVacancy(id: string) {
  return useQuery({ ...employerVacancyQuery(id), meta: { handledLocally: true } });
}
