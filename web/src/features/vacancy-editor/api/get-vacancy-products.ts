import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { Language } from '@/shared/i18n/languages';

export function fetchVacancyProducts(id: string) {
  return unwrap(api.GET('/api/employer/vacancies/{id}/products', { params: { path: { id } } }));
}

/** What the company can buy for the vacancy, at its own prices; labels in the reader's language. */
export function useVacancyProducts(id: string, language: Language) {
  // the publish step shows a failure itself
  return useQuery({ queryKey: ['vacancy-products', id, language], queryFn: () => fetchVacancyProducts(id), staleTime: 60 * 1000, meta: { handledLocally: true } });
}
