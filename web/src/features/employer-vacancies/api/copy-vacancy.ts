import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '@/shared/api/client';

import { MY_VACANCIES_KEY } from './get-my-vacancies';

/**
 * Copies a vacancy into a new draft (`PATCH /vacancies/{id}/copy`, 201 with the draft). Not yet in
 * the generated types (issue 15 contract): the untyped call, read as the draft's id only.
 */
export function useCopyVacancy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const draft = await request<{ id: string }>('PATCH', `/api/employer/vacancies/${id}/copy`);
      if (!draft?.id) throw new Error('the copy came back without an id');
      return draft;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: MY_VACANCIES_KEY }),
  });
}
