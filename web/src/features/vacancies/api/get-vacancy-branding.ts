import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import { peekInitialAnswer } from '@/shared/api/initial-data';

/** Cover, gallery and video of a branded vacancy. */
export function fetchVacancyBranding(id: string) {
  return unwrap(api.GET('/api/open/vacancies/{id}/vacancy-branding', { params: { path: { id } } }));
}

export function useVacancyBranding(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['vacancy-branding', id],
    queryFn: () => fetchVacancyBranding(id),
    enabled,
    staleTime: 5 * 60 * 1000,
    // the branding the page brought shows from the first render
    placeholderData: () => (enabled ? peekInitialAnswer<Awaited<ReturnType<typeof fetchVacancyBranding>>>(`/api/open/vacancies/${id}/vacancy-branding`) : undefined),
    meta: { handledLocally: true },
  });
}
