import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { Language } from '@/shared/i18n/languages';

/**
 * The ways to pay an amount in `currency` (`GET /api/payment/payment-methods?currency`), labelled in
 * the reader's language: only those that take the currency (BLIK takes zloty only).
 */
export function usePaymentMethods(language: Language, currency: string) {
  return useQuery({
    queryKey: ['payment-methods', language, currency],
    queryFn: () => unwrap(api.GET('/api/payment/payment-methods', { params: { query: { currency } } })),
    staleTime: 15 * 60 * 1000,
    // the pay dialog shows a failure itself
    meta: { handledLocally: true },
  });
}
