import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

/** Cover, gallery and video; asked for once the company is loaded (spec 1 section 4). */
export function fetchCompanyBranding(countryCode: string, registryCode: string) {
  return unwrap(api.GET('/api/open/companies/{countryCode}/{registryCode}/company-branding', { params: { path: { countryCode, registryCode } } }));
}

export function useCompanyBranding(countryCode: string, registryCode: string, enabled: boolean) {
  return useQuery({
    queryKey: ['company-branding', countryCode, registryCode],
    queryFn: () => fetchCompanyBranding(countryCode, registryCode),
    enabled,
    meta: { handledLocally: true },
  });
}
