import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { employerVacancyKey } from './get-employer-vacancy';
import type { EmployerVacancyDetail, VacancyDocument } from './types';

export function saveVacancy({ id, document }: { id: string; document: VacancyDocument }): Promise<EmployerVacancyDetail> {
  return unwrap(api.PUT('/api/employer/vacancies/{id}', { params: { path: { id } }, body: document }));
}

/** Replaces the document; field errors are the wizard's to show. */
export function useSaveVacancy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveVacancy,
    meta: { handledLocally: true },
    onSuccess: (vacancy) => {
      client.setQueryData(employerVacancyKey(vacancy.id), vacancy);
      void client.invalidateQueries({ queryKey: ['vacancy-preview', vacancy.id] });
      void client.invalidateQueries({ queryKey: ['employer-vacancies'] });
    },
  });
}
