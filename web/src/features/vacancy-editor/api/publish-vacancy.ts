import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '@/shared/api/client';

import { employerVacancyKey } from './get-employer-vacancy';
import type { EmployerVacancyDetail, StatusAnswer } from './types';

export async function publishVacancy({ id, productCodes }: { id: string; productCodes: string[] }): Promise<StatusAnswer> {
  return (await request<StatusAnswer>('PUT', `/api/employer/vacancies/${encodeURIComponent(id)}/status`, { status: 'EXISTS', productCodes })) as StatusAnswer;
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
