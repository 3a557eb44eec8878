import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

/** How often the return page asks again while the payment is still pending. */
export const PAYMENT_POLL_MS = 2_000;

/**
 * A payment's state (`GET /api/employer/payment/{id}?orderToken=`), asked again every 2 s while it
 * is PENDING. The provider's order token from the return address goes along: the server verifies it
 * and applies it like the provider's notification (idempotently), so the page need not wait for it.
 */
export function usePaymentStatus(id: string, orderToken: string | null) {
  return useQuery({
    queryKey: ['payment', id, orderToken],
    queryFn: () => unwrap(api.GET('/api/employer/payment/{id}', { params: { path: { id }, query: { orderToken: orderToken ?? undefined } } })),
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' ? PAYMENT_POLL_MS : false),
    meta: { handledLocally: true },
  });
}
