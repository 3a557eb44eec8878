import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';
import type { Language } from '@/shared/i18n/languages';

export type VacancyDetail = components['schemas']['VacancyDetail'];

/** Registers the view (a failure there never hides the vacancy), then loads the vacancy (spec 1 section 2). */
export async function fetchVacancy(id: string): Promise<VacancyDetail> {
  await unwrap(api.PATCH('/api/open/metrics/vacancy', { body: { vacancyId: id, viewDate: new Date().toISOString() } })).catch(() => undefined);
  return unwrap(api.GET('/api/open/vacancies/{id}', { params: { path: { id } } }));
}

export const vacancyQuery = (id: string, language: Language) =>
  queryOptions({ queryKey: ['vacancy', id, language], queryFn: () => fetchVacancy(id), staleTime: 60 * 1000, retry: false });

export function useVacancy(id: string, language: Language) {
  return useQuery({ ...vacancyQuery(id, language), meta: { handledLocally: true } });
}
