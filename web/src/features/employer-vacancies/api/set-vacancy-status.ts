import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { STATUS_OF, type StatusAction } from '../lib/actions';
import { MY_VACANCIES_KEY } from './get-my-vacancies';

/** Hides, shows, archives or deletes one vacancy (`PUT /vacancies/{id}/status`); the list refreshes. */
export function useSetVacancyStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: StatusAction }) =>
      unwrap(api.PUT('/api/employer/vacancies/{id}/status', { params: { path: { id } }, body: { status: STATUS_OF[action] } })),
    onSuccess: () => client.invalidateQueries({ queryKey: MY_VACANCIES_KEY }),
  });
}
