import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { MY_VACANCIES_KEY } from './get-my-vacancies';

/** Copies a vacancy into a new draft (`PATCH /vacancies/{id}/copy`) and answers the draft. */
export function useCopyVacancy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.PATCH('/api/employer/vacancies/{id}/copy', { params: { path: { id } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: MY_VACANCIES_KEY }),
  });
}
