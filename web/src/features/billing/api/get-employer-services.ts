import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import { SERVICES_KEY } from '@/shared/billing/api/keys';
import type { Language } from '@/shared/i18n/languages';

/** The acting company's services (`GET /api/employer/services`), active first. */
export function useEmployerServices(language: Language) {
  return useQuery({
    queryKey: [...SERVICES_KEY, 'employer', language],
    queryFn: () => unwrap(api.GET('/api/employer/services')),
  });
}
