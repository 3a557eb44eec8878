import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '@/shared/api/client';

import { employerVacancyKey } from './get-employer-vacancy';
import type { EmployerVacancyDetail, VacancyDocument } from './types';

export async function createVacancy(document: VacancyDocument): Promise<EmployerVacancyDetail> {
  return (await request<EmployerVacancyDetail>('POST', '/api/employer/vacancies/create', document)) as EmployerVacancyDetail;
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
