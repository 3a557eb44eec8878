import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { companyClaimsKey } from './get-company-claims';

/** `POST /api/admin/company-claims/{id}/approve`: the claimant joins the company; they get an e-mail. */
export function useApproveCompanyClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.POST('/api/admin/company-claims/{id}/approve', { params: { path: { id } } })),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: companyClaimsKey }), client.invalidateQueries({ queryKey: ['admin', 'companies'] })]),
  });
}
