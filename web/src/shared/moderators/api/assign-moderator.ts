import { useMutation } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

/**
 * Delegates a vacancy to a staff member of the company (`POST /vacancies/{id}/moderators`); a
 * username that is not on the staff is a 400 naming `username`, shown on the dialog's field.
 */
export function useAssignModerator() {
  return useMutation({
    mutationFn: ({ id, username }: { id: string; username: string }) =>
      unwrap(api.POST('/api/employer/vacancies/{id}/moderators', { params: { path: { id } }, body: { username } })),
    meta: { handledLocally: true },
  });
}
