import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { adminInvoicesKey } from './get-invoices';

/** `DELETE /api/admin/invoice/{id}?number=`: deletes the invoice once its number is typed. */
export function useDeleteInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, number }: { id: string; number: string }) =>
      unwrap(api.DELETE('/api/admin/invoice/{id}', { params: { path: { id }, query: { number } } })),
    onSettled: () => client.invalidateQueries({ queryKey: adminInvoicesKey }),
  });
}
