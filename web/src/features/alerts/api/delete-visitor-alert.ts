import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { visitorAlertsKey } from './get-visitor-alerts';

/** Deletes one of a visitor's alerts through the token of a mail's link. */
export function useDeleteVisitorAlert(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string }) => unwrap(api.DELETE('/api/open/saved-searches/by-token/{token}/{id}', { params: { path: { token, id } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: visitorAlertsKey(token) }),
  });
}
