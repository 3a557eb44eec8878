import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { type CompanyKey, companyPricesKey } from './get-company-prices';

/** `DELETE /api/admin/company/{a}/{b}/product?productCode=`: the company pays the list price again. */
export function useRemoveCompanyPrice(company: CompanyKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (productCode: string) =>
      unwrap(api.DELETE('/api/admin/company/{countryCode}/{registryCode}/product', { params: { path: company, query: { productCode } } })),
    onSettled: () => client.invalidateQueries({ queryKey: companyPricesKey(company) }),
  });
}
