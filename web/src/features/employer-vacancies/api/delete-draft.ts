import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { MY_VACANCIES_KEY } from './get-my-vacancies';

/** Deletes a draft for good (`DELETE /vacancies/{id}`). */
export function useDeleteDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/employer/vacancies/{id}', { params: { path: { id } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: MY_VACANCIES_KEY }),
  });
}
