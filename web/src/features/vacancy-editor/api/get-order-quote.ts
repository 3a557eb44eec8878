import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { Language } from '@/shared/i18n/languages';

export function fetchOrderQuote(id: string, productCodes: string[]) {
  return unwrap(api.POST('/api/employer/vacancies/{id}/quote', { params: { path: { id } }, body: { productCodes } }));
}

/**
 * The order summary of a choice, computed by the server as the invoice will be. Asked only for a
 * choice that can be ordered; the previous summary stays while the next one loads.
 */
export function useOrderQuote(id: string, productCodes: string[], language: Language, enabled: boolean) {
  return useQuery({
    queryKey: ['vacancy-quote', id, [...productCodes].sort(), language],
    queryFn: () => fetchOrderQuote(id, productCodes),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60 * 1000,
    retry: false,
    meta: { handledLocally: true },
  });
}
