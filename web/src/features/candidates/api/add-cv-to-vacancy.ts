import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { candidatesQueryKey } from './get-candidates';

/**
 * `POST /api/employer/vacancies/{id}/cvs {cvId}`: makes the owner of a CV of the CV database a
 * candidate of this vacancy (the CV-database rules: access needed, once per vacancy). The
 * candidate list and the matches (their "already a candidate") are read again.
 */
export function useAddCvToVacancy(vacancyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (cvId: string) => unwrap(api.POST('/api/employer/vacancies/{id}/cvs', { params: { path: { id: vacancyId } }, body: { cvId } })),
    onSuccess: () => client.invalidateQueries({ queryKey: candidatesQueryKey }),
    // the card shows the refusal ("already added", a vacancy that takes no CVs) itself
    meta: { handledLocally: true },
  });
}
