import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

/** Withdraws one of the applicant's applications; the lists and that vacancy's page refresh. */
export function useWithdrawApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ applicationId }: { applicationId: string; vacancyId: string }) =>
      unwrap(api.DELETE('/api/applicant/applications/{id}', { params: { path: { id: applicationId } } })),
    onSuccess: (_data, { vacancyId }) =>
      Promise.all([client.invalidateQueries({ queryKey: ['my-applications'] }), client.invalidateQueries({ queryKey: ['vacancy', vacancyId] })]),
  });
}
