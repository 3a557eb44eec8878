import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import { hasInitialAnswer, peekInitialAnswer } from '@/shared/api/initial-data';
import type { Language } from '@/shared/i18n/languages';
import type { VacancyDetail } from '@/shared/vacancies/api';

export type { VacancyDetail };

/**
 * Registers the view (a failure there never hides the vacancy), then loads the vacancy (spec 1
 * section 2). When the page itself brought the vacancy, it is shown at once and `onCounted` runs
 * once the view is in, so that the view count can be read again.
 */
export async function fetchVacancy(id: string, onCounted?: () => void): Promise<VacancyDetail> {
  const view = unwrap(api.PATCH('/api/open/metrics/vacancy', { body: { vacancyId: id, viewDate: new Date().toISOString() } })).catch(() => undefined);
  if (hasInitialAnswer('GET', `/api/open/vacancies/${id}`)) {
    void view.then(() => onCounted?.());
  } else {
    await view;
  }
  return unwrap(api.GET('/api/open/vacancies/{id}', { params: { path: { id } } }));
}

export const vacancyQuery = (id: string, language: Language) =>
  queryOptions({
    queryKey: ['vacancy', id, language],
    queryFn: ({ client }) => fetchVacancy(id, () => void client.invalidateQueries({ queryKey: ['vacancy', id, language] })),
    staleTime: 60 * 1000,
    retry: false,
  });

export function useVacancy(id: string, language: Language) {
  // the vacancy the page brought is on screen from the first render; the query still runs (and counts the view)
  return useQuery({
    ...vacancyQuery(id, language),
    placeholderData: () => peekInitialAnswer<VacancyDetail>(`/api/open/vacancies/${id}`),
    meta: { handledLocally: true },
  });
}
