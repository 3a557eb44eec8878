import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

/** The employer's public profile for the side card (logo, vacancy count). */
export function fetchVacancyCompany(countryCode: string, registryCode: string) {
  return unwrap(api.GET('/api/open/companies/{countryCode}/{registryCode}', { params: { path: { countryCode, registryCode } } }));
}

export function useVacancyCompany(countryCode: string, registryCode: string) {
  return useQuery({
    queryKey: ['company', countryCode, registryCode],
    queryFn: () => fetchVacancyCompany(countryCode, registryCode),
    staleTime: 5 * 60 * 1000,
    meta: { handledLocally: true },
  });
}
