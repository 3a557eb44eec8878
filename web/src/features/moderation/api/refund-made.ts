import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { refundsKey } from './get-refunds';

/** `POST /api/admin/moderation/refunds/{invoiceId}/made`: records that the money was paid back. */
export function useRefundMade() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (invoiceId: string) => unwrap(api.POST('/api/admin/moderation/refunds/{invoiceId}/made', { params: { path: { invoiceId } } })),
    onSettled: () => client.invalidateQueries({ queryKey: refundsKey }),
  });
}
