import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { adminInvoicesKey } from './get-invoices';

/** `GET /api/admin/invoice/{id}/forcedPayment?reason=`: marks the invoice paid on the administrator's word. */
export function useForcePayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      unwrap(api.GET('/api/admin/invoice/{id}/forcedPayment', { params: { path: { id }, query: { reason } } })),
    onSettled: () => client.invalidateQueries({ queryKey: adminInvoicesKey }),
  });
}
