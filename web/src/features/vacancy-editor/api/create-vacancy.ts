import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { employerVacancyKey } from './get-employer-vacancy';
import type { EmployerVacancyDetail, VacancyDocument } from './types';

export function createVacancy(document: VacancyDocument): Promise<EmployerVacancyDetail> {
  return unwrap(api.POST('/api/employer/vacancies/create', { body: document }));
}

/** Creates the draft on the first save; its answer is cached, so the editor opens on it without a call. */
export function useCreateVacancy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createVacancy,
    meta: { handledLocally: true },
    onSuccess: (vacancy) => {
      client.setQueryData(employerVacancyKey(vacancy.id), vacancy);
      void client.invalidateQueries({ queryKey: ['employer-vacancies'] });
    },
  });
}
