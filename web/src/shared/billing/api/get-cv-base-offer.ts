import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { Language } from '@/shared/i18n/languages';

/**
 * CV-database access for the acting company (`GET /api/employer/products/cv-base`): the price per
 * day, the discounted 7 days while it has an active vacancy, the most days one order buys and the
 * access it has now.
 */
export function useCvBaseOffer(language: Language, enabled = true) {
  return useQuery({
    queryKey: ['cv-base-offer', language],
    queryFn: () => unwrap(api.GET('/api/employer/products/cv-base')),
    enabled,
    meta: { handledLocally: true },
  });
}
