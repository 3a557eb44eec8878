import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

import type { CompanyKey } from './get-company-prices';

export type CompanyComment = components['schemas']['CompanyComment'];

/** Longest comment (the server's limit). */
export const MAX_COMPANY_COMMENT = 2000;

export const companyCommentsKey = (company: CompanyKey) => ['admin', 'company-comments', company.countryCode, company.registryCode] as const;

/** `GET /api/admin/company/{a}/{b}/comments`: the back office's comments on the company, newest first. */
export function useCompanyComments(company: CompanyKey) {
  return useQuery({
    queryKey: companyCommentsKey(company),
    queryFn: () => unwrap(api.GET('/api/admin/company/{countryCode}/{registryCode}/comments', { params: { path: company } })),
  });
}
