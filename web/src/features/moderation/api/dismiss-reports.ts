import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { queueKey } from './get-queue';

/** `POST /api/admin/moderation/vacancies/{id}/dismiss-reports`: the ad's open reports are closed; the ad stays. */
export function useDismissReports() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.POST('/api/admin/moderation/vacancies/{id}/dismiss-reports', { params: { path: { id } } })),
    onSettled: () => client.invalidateQueries({ queryKey: queueKey }),
  });
}
