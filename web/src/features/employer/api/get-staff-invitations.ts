import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

import type { CompanyKey } from './get-staff';

export type StaffInvitation = components['schemas']['StaffInvitation'];

export const staffInvitationsKey = (company: CompanyKey) => ['company-staff-invitations', company.countryCode, company.registryCode] as const;

/** `GET /api/employer/company/{countryCode}/{registryCode}/staff/invitations`: the pending invitations (the supervisor only). */
export function useStaffInvitations(company: CompanyKey, enabled: boolean) {
  return useQuery({
    queryKey: staffInvitationsKey(company),
    queryFn: () => unwrap(api.GET('/api/employer/company/{countryCode}/{registryCode}/staff/invitations', { params: { path: company } })),
    enabled,
  });
}
