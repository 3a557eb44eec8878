import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '@/shared/api/client';

import type { EmployerVacancyDetail } from './types';

export const employerVacancyKey = (id: string) => ['employer-vacancy', id] as const;

export async function fetchEmployerVacancy(id: string): Promise<EmployerVacancyDetail> {
  return (await request<EmployerVacancyDetail>('GET', `/api/employer/vacancies/${encodeURIComponent(id)}`)) as EmployerVacancyDetail;
}

export const employerVacancyQuery = (id: string) =>
  queryOptions({ queryKey: employerVacancyKey(id), queryFn: () => fetchEmployerVacancy(id), staleTime: 30 * 1000, retry: false });

/** One of the acting company's vacancies as its editor sees it; another company's is not found (the screen says so). */
export function useEmployerVacancy(id: string) {
  return useQuery({ ...employerVacancyQuery(id), meta: { handledLocally: true } });
}
