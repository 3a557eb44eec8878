import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';
import type { Language } from '@/shared/i18n/languages';

export type VacancyDetail = components['schemas']['VacancyDetail'];

/** The vacancy the apply screen is about (its title, company and whether the user applied already). */
export function useApplyVacancy(vacancyId: string, language: Language) {
  return useQuery({
    queryKey: ['apply-vacancy', vacancyId, language],
    queryFn: () => unwrap(api.GET('/api/open/vacancies/{id}', { params: { path: { id: vacancyId } } })),
    retry: false,
    meta: { handledLocally: true },
  });
}
