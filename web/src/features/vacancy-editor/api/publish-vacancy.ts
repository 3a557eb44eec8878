import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { employerVacancyKey } from './get-employer-vacancy';
import type { EmployerVacancyDetail, StatusAnswer } from './types';

export function publishVacancy({ id, productCodes }: { id: string; productCodes: string[] }): Promise<StatusAnswer> {
  return unwrap(api.PUT('/api/employer/vacancies/{id}/status', { params: { path: { id } }, body: { status: 'EXISTS', productCodes } }));
}

/** Publishes with the chosen products (the order and its invoice are made with it); errors are the screen's. */
export function usePublishVacancy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: publishVacancy,
    meta: { handledLocally: true },
    onSuccess: (answer) => {
      // the editor shows the new state at once; the full vacancy is read again behind it
      client.setQueryData<EmployerVacancyDetail>(employerVacancyKey(answer.id), (vacancy) =>
        vacancy && { ...vacancy, status: answer.status, displayedState: answer.displayedState, validUntil: answer.validUntil ?? null, invoice: answer.invoice ?? null },
      );
      void client.invalidateQueries({ queryKey: employerVacancyKey(answer.id) });
      void client.invalidateQueries({ queryKey: ['employer-vacancies'] });
    },
  });
}
