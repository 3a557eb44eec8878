import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

export type VacancySuggestion = components['schemas']['VacancySuggestion'];

/** `GET /api/employer/vacancies/autocomplete?search=`: the company's vacancies whose title holds the text (the newest 20 for none). */
export function useVacancySuggestions(search: string) {
  return useQuery({
    queryKey: ['employer-vacancies', 'autocomplete', search],
    queryFn: () => unwrap(api.GET('/api/employer/vacancies/autocomplete', { params: { query: { search } } })),
    placeholderData: keepPreviousData,
  });
}
