import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { Language } from '@/shared/i18n/languages';

/** The ways to pay (`GET /api/payment/payment-methods`), labelled in the reader's language. */
export function usePaymentMethods(language: Language) {
  return useQuery({
    queryKey: ['payment-methods', language],
    queryFn: () => unwrap(api.GET('/api/payment/payment-methods')),
    staleTime: 15 * 60 * 1000,
    // the pay dialog shows a failure itself
    meta: { handledLocally: true },
  });
}
