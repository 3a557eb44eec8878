import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

export type RefundDue = components['schemas']['RefundDue'];

export const refundsKey = ['admin', 'moderation', 'refunds'] as const;

/** `GET /api/admin/moderation/refunds`: paid invoices of ads rejected before they went live, still to be paid back. */
export function useRefundsDue() {
  return useQuery({ queryKey: refundsKey, queryFn: () => unwrap(api.GET('/api/admin/moderation/refunds')) });
}
