import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { companyClaimsKey } from './get-company-claims';

/** `POST /api/admin/company-claims/{id}/reject`: the claim is declined; the reason goes to the claimant. */
export function useRejectCompanyClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      unwrap(api.POST('/api/admin/company-claims/{id}/reject', { params: { path: { id } }, body: { reason: reason.trim() || null } })),
    onSettled: () => client.invalidateQueries({ queryKey: companyClaimsKey }),
  });
}
