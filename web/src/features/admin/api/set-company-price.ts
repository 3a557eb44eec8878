import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

import { type CompanyKey, companyPricesKey } from './get-company-prices';

export type CompanyPriceChange = components['schemas']['CompanyPriceChange'];

/** `PUT /api/admin/company/{a}/{b}/product`: the company's own price and discount on one product. */
export function useSetCompanyPrice(company: CompanyKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: CompanyPriceChange) =>
      unwrap(api.PUT('/api/admin/company/{countryCode}/{registryCode}/product', { params: { path: company }, body: change })),
    onSettled: () => client.invalidateQueries({ queryKey: companyPricesKey(company) }),
  });
}
