import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

/** The employer's questions and what applying to the vacancy needs. */
export function useApplyForm(vacancyId: string) {
  return useQuery({
    queryKey: ['apply-form', vacancyId],
    queryFn: () => unwrap(api.GET('/api/open/vacancies/{id}/apply', { params: { path: { id: vacancyId } } })),
    retry: false,
    meta: { handledLocally: true },
  });
}
