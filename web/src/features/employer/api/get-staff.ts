import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

export type StaffMember = components['schemas']['StaffMember'];
export type CompanyKey = { countryCode: string; registryCode: string };

export const staffKey = (company: CompanyKey) => ['company-staff', company.countryCode, company.registryCode] as const;

/** `GET /api/employer/company/{countryCode}/{registryCode}/staff`: the staff, the supervisor first. */
export function useStaff(company: CompanyKey) {
  return useQuery({
    queryKey: staffKey(company),
    queryFn: () => unwrap(api.GET('/api/employer/company/{countryCode}/{registryCode}/staff', { params: { path: company } })),
  });
}
