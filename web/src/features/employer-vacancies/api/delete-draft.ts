import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '@/shared/api/client';

import { MY_VACANCIES_KEY } from './get-my-vacancies';

/**
 * Deletes a draft for good (`DELETE /vacancies/{id}`, 204). Not yet in the generated types (issue 15
 * contract): the untyped call.
 */
export function useDeleteDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request<null>('DELETE', `/api/employer/vacancies/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: MY_VACANCIES_KEY }),
  });
}
