import { useQuery } from '@tanstack/react-query';

import { request } from '@/shared/api/client';
import type { Language } from '@/shared/i18n/languages';
import type { VacancyDetail } from '@/shared/vacancies/api';

export async function fetchVacancyPreview(id: string): Promise<VacancyDetail> {
  return (await request<VacancyDetail>('GET', `/api/employer/vacancies/${encodeURIComponent(id)}/preview`)) as VacancyDetail;
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
