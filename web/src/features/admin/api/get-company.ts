import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

import type { CompanyKey } from './get-company-prices';

export type AdminCompanyDetail = components['schemas']['AdminCompanyDetail'];

export const companyKey = (company: CompanyKey) => ['admin', 'company', company.countryCode, company.registryCode] as const;

/** `GET /api/admin/company/{a}/{b}`: the company's screen — staff, vacancies and services at a glance. */
export function useAdminCompany(company: CompanyKey) {
  return useQuery({
    queryKey: companyKey(company),
    queryFn: () => unwrap(api.GET('/api/admin/company/{countryCode}/{registryCode}', { params: { path: company } })),
    // an unknown or deleted company is said on the screen
    meta: { handledLocally: true },
  });
}
