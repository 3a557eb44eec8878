import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { adminInvoicesKey } from './get-invoices';

/** The most unpaid invoices a line can be matched to in one list. */
export const UNPAID_CHOICES = 500;

/** `GET /api/admin/invoice?status=UNPAID`: the invoices a bank-statement line can pay, newest first. */
export function useUnpaidInvoices(enabled: boolean) {
  const query = { status: 'UNPAID' as const, size: UNPAID_CHOICES };
  return useQuery({
    queryKey: [...adminInvoicesKey, 'unpaid-choices'],
    queryFn: () => unwrap(api.GET('/api/admin/invoice', { params: { query } })),
    enabled,
  });
}
