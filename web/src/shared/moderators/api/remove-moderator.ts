import { useMutation } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

/** Takes the delegation off a vacancy (`DELETE /vacancies/{id}/moderators`): the supervisor and the administrators handle it again. */
export function useRemoveModerator() {
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/employer/vacancies/{id}/moderators', { params: { path: { id } } })),
    meta: { handledLocally: true },
  });
}
