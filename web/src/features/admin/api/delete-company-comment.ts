import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { companyCommentsKey } from './get-company-comments';
import type { CompanyKey } from './get-company-prices';

/** `DELETE /api/admin/company/{a}/{b}/comments?commentId=`: deletes a comment on the company. */
export function useDeleteCompanyComment(company: CompanyKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) =>
      unwrap(api.DELETE('/api/admin/company/{countryCode}/{registryCode}/comments', { params: { path: company, query: { commentId } } })),
    // the company's own audit entries show the write too
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: companyCommentsKey(company) }), client.invalidateQueries({ queryKey: ['admin', 'audit'] })]),
  });
}
