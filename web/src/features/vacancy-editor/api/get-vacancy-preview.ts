import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { Language } from '@/shared/i18n/languages';
import type { VacancyDetail } from '@/shared/vacancies/api';

export function fetchVacancyPreview(id: string): Promise<VacancyDetail> {
  return unwrap(api.GET('/api/employer/vacancies/{id}/preview', { params: { path: { id } } }));
}

/** The vacancy as the public page would show it, in any state (labels follow the language). */
export function useVacancyPreview(id: string, language: Language) {
  return useQuery({
    queryKey: ['vacancy-preview', id, language],
    queryFn: () => fetchVacancyPreview(id),
    retry: false,
    meta: { handledLocally: true },
  });
}
