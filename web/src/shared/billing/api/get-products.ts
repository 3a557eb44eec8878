import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { Language } from '@/shared/i18n/languages';

/** Every product the acting company can buy, at its price (`GET /api/employer/products`). */
export function useCompanyProducts(language: Language, enabled = true) {
  return useQuery({
    queryKey: ['company-products', language],
    queryFn: () => unwrap(api.GET('/api/employer/products')),
    staleTime: 60 * 1000,
    enabled,
    meta: { handledLocally: true },
  });
}
