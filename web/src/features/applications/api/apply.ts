import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

export type NewApplication = components['schemas']['NewApplication'];

/**
 * Sends an application. Afterwards (sent, or refused as already sent) the lists and the vacancy
 * page's apply button must show the applied state, so both are refreshed either way.
 */
export function useApply() {
  const client = useQueryClient();
  const refresh = (vacancyId: string) =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['my-applications'] }),
      // the vacancy page's query (features/vacancies) and this screen's own
      client.invalidateQueries({ queryKey: ['vacancy', vacancyId] }),
      client.invalidateQueries({ queryKey: ['apply-vacancy', vacancyId] }),
    ]);
  return useMutation({
    mutationFn: (body: NewApplication) => unwrap(api.POST('/api/applicant/applications', { body })),
    onSettled: (_data, _error, body) => refresh(body.vacancyId),
    meta: { handledLocally: true },
  });
}
