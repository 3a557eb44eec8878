import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

export type CompanyProductPrice = components['schemas']['CompanyProductPrice'];

export interface CompanyKey {
  countryCode: string;
  registryCode: string;
}

export const companyPricesKey = (company: CompanyKey) => ['admin', 'company-prices', company.countryCode, company.registryCode] as const;

/**
 * `GET /api/admin/company/{a}/{b}/product?fillEmptyProducts=true`: every product with the company's
 * own price and discount, the others at the list price (the dialog edits any of them).
 */
export function useCompanyPrices(company: CompanyKey) {
  return useQuery({
    queryKey: companyPricesKey(company),
    queryFn: () =>
      unwrap(api.GET('/api/admin/company/{countryCode}/{registryCode}/product', { params: { path: company, query: { fillEmptyProducts: true } } })),
  });
}
