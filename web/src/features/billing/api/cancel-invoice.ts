import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import { INVOICES_KEY, SERVICES_KEY } from '@/shared/billing/api/keys';
import { badgeCountsKey } from '@/shared/session/badge-counts';

/**
 * Cancels an unpaid invoice (`POST /api/user/invoices/{id}/cancel`): its services are cancelled and a
 * vacancy waiting for payment on it goes back to the drafts. Lists, services and the badge refresh.
 */
export function useCancelInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.POST('/api/user/invoices/{id}/cancel', { params: { path: { id } } })),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: INVOICES_KEY }),
        client.invalidateQueries({ queryKey: SERVICES_KEY }),
        client.invalidateQueries({ queryKey: badgeCountsKey }),
        client.invalidateQueries({ queryKey: ['employer-vacancies'] }),
      ]),
    meta: { handledLocally: true },
  });
}
