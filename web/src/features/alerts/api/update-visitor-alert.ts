import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { visitorAlertsKey } from './get-visitor-alerts';
import type { SavedSearchChange } from './types';

/** Changes one of a visitor's alerts through the token of a mail's link. */
export function useUpdateVisitorAlert(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: SavedSearchChange }) =>
      unwrap(api.PATCH('/api/open/saved-searches/by-token/{token}/{id}', { params: { path: { token, id } }, body: change })),
    onSuccess: () => client.invalidateQueries({ queryKey: visitorAlertsKey(token) }),
  });
}
