import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import { SERVICES_KEY } from '@/shared/billing/api/keys';
import type { Language } from '@/shared/i18n/languages';

/** The applicant's own services (`GET /api/applicant/services`), active first. */
export function useApplicantServices(language: Language) {
  return useQuery({
    queryKey: [...SERVICES_KEY, 'applicant', language],
    queryFn: () => unwrap(api.GET('/api/applicant/services')),
  });
}
