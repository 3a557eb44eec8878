import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';
import type { Language } from '@/shared/i18n/languages';

export type CompanyDetail = components['schemas']['CompanyDetail'];

export function fetchCompany(countryCode: string, registryCode: string): Promise<CompanyDetail> {
  return unwrap(api.GET('/api/open/companies/{countryCode}/{registryCode}', { params: { path: { countryCode, registryCode } } }));
}

/** The public profile; labels follow the language. */
export function useCompany(countryCode: string, registryCode: string, language: Language) {
  return useQuery({ queryKey: ['company', countryCode, registryCode, language], queryFn: () => fetchCompany(countryCode, registryCode), retry: false, meta: { handledLocally: true } });
}
