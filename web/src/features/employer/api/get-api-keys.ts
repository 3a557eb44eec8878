import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

import type { CompanyKey } from './get-staff';

export type ApiKey = components['schemas']['ApiKey'];

export const apiKeysKey = (company: CompanyKey) => ['company-api-keys', company.countryCode, company.registryCode] as const;

/** `GET /api/employer/company/{countryCode}/{registryCode}/api_keys`: the live keys, newest first (never the key itself). */
export function useApiKeys(company: CompanyKey) {
  return useQuery({
    queryKey: apiKeysKey(company),
    queryFn: () => unwrap(api.GET('/api/employer/company/{countryCode}/{registryCode}/api_keys', { params: { path: company } })),
  });
}
