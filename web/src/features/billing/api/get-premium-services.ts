import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import { SERVICES_KEY } from '@/shared/billing/api/keys';
import type { paths } from '@/shared/api/schema';
import type { Language } from '@/shared/i18n/languages';

export type PremiumServices = paths['/api/employer/premium-services']['get']['responses'][200]['content']['application/json'];

/**
 * The premium services page of the acting company (`GET /api/employer/premium-services`): what it
 * may buy at its prices, what runs and the vacancies extras are for. Under the services' key, so
 * buying reads it again.
 */
export function usePremiumServices(language: Language) {
  return useQuery({
    queryKey: [...SERVICES_KEY, 'premium', language],
    queryFn: () => unwrap(api.GET('/api/employer/premium-services')),
  });
}
