import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { applicantsKey } from './get-applicants';

/** `DELETE /api/admin/applicant/{id}?username=`: deletes the applicant's account once the username is typed. */
export function useDeleteApplicant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, username }: { id: string; username: string }) =>
      unwrap(api.DELETE('/api/admin/applicant/{id}', { params: { path: { id }, query: { username } } })),
    onSettled: () => client.invalidateQueries({ queryKey: applicantsKey }),
  });
}
