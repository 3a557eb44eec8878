import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import { INVOICES_KEY } from '@/shared/billing/api/keys';

export const invoiceKey = (id: string) => [...INVOICES_KEY, 'detail', id] as const;

/** One invoice with its lines, bank details and payments (`GET /api/user/invoices/{id}`). */
export function useInvoice(id: string | null) {
  return useQuery({
    queryKey: invoiceKey(id ?? ''),
    queryFn: () => unwrap(api.GET('/api/user/invoices/{id}', { params: { path: { id: id ?? '' } } })),
    enabled: !!id,
    // the drawer shows a failure (another company's invoice is a 404) itself
    meta: { handledLocally: true },
  });
}
