import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import type { CompanyKey } from './get-company-prices';

/**
 * `DELETE /api/admin/company/{a}/{b}?registryNumber=`: deletes the company once its registry number
 * is typed. The lists and the company's screen are read afresh.
 */
export function useDeleteCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ company, registryNumber }: { company: CompanyKey; registryNumber: string }) =>
      unwrap(api.DELETE('/api/admin/company/{countryCode}/{registryCode}', { params: { path: company, query: { registryNumber } } })),
    meta: { handledLocally: true },
    onSuccess: (_, { company }) => client.removeQueries({ queryKey: ['admin', 'company', company.countryCode, company.registryCode] }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'companies'] }),
  });
}
