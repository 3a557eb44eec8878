import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

export type CompanyClaim = components['schemas']['CompanyClaim'];

export const companyClaimsKey = ['admin', 'company-claims'] as const;

/** `GET /api/admin/company-claims`: the claims on companies waiting for a decision, oldest first. */
export function useCompanyClaims() {
  return useQuery({
    queryKey: companyClaimsKey,
    queryFn: () => unwrap(api.GET('/api/admin/company-claims')),
  });
}
