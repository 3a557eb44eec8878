import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

/** Where to add the CV: one of the company's vacancies, or a CV-database vacancy of a new name. */
export type AddTarget = { vacancyId: string } | { newCvBaseLabel: string };

/**
 * `POST /api/employer/vacancies/{id}/cvs`: makes the CV a candidate of the vacancy; a new
 * CV-database vacancy is made (or found by its name) first with `POST /api/employer/vacancies/cv-base`.
 */
export function useAddCvToVacancy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ cvId, target }: { cvId: string; target: AddTarget }) => {
      const vacancyId =
        'vacancyId' in target
          ? target.vacancyId
          : (await unwrap(api.POST('/api/employer/vacancies/cv-base', { body: { occupationLabel: target.newCvBaseLabel } }))).id;
      return unwrap(api.POST('/api/employer/vacancies/{id}/cvs', { params: { path: { id: vacancyId } }, body: { cvId } }));
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['cv-base', 'vacancies'] }),
  });
}
