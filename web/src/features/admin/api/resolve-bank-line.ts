import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { adminDashboardKey } from './get-dashboard';
import { adminInvoicesKey } from './get-invoices';
import { unmatchedLinesKey } from './get-unmatched-lines';

function useRefreshAfterResolving() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: unmatchedLinesKey }),
      client.invalidateQueries({ queryKey: adminInvoicesKey }),
      client.invalidateQueries({ queryKey: adminDashboardKey }),
    ]);
}

/** `POST /api/admin/bank-statements/lines/{id}/match`: the line pays the invoice (its total), with the reason audited. */
export function useMatchBankLine() {
  const refresh = useRefreshAfterResolving();
  return useMutation({
    mutationFn: ({ id, invoiceId, reason }: { id: string; invoiceId: string; reason: string }) =>
      unwrap(api.POST('/api/admin/bank-statements/lines/{id}/match', { params: { path: { id } }, body: { invoiceId, reason } })),
    onSettled: refresh,
  });
}

/** `POST /api/admin/bank-statements/lines/{id}/dismiss`: the line leaves the list, nothing is paid; the reason is audited. */
export function useDismissBankLine() {
  const refresh = useRefreshAfterResolving();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      unwrap(api.POST('/api/admin/bank-statements/lines/{id}/dismiss', { params: { path: { id } }, body: { reason } })),
    onSettled: refresh,
  });
}
