import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { companyCommentsKey } from './get-company-comments';
import type { CompanyKey } from './get-company-prices';

/** `POST /api/admin/company/{a}/{b}/comments`: adds the administrator's comment. */
export function useAddCompanyComment(company: CompanyKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => unwrap(api.POST('/api/admin/company/{countryCode}/{registryCode}/comments', { params: { path: company }, body: { body } })),
    meta: { handledLocally: true },
    // the company's own audit entries show the write too
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: companyCommentsKey(company) }), client.invalidateQueries({ queryKey: ['admin', 'audit'] })]),
  });
}
