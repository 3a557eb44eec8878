import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

import { type CompanyKey, staffKey } from './get-staff';

export type StaffInput = components['schemas']['StaffInput'];

/** `POST /api/employer/company/{countryCode}/{registryCode}/staff`: adds a person (invited by mail) or edits a member's data. */
export function useSaveStaffMember(company: CompanyKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffInput) => unwrap(api.POST('/api/employer/company/{countryCode}/{registryCode}/staff', { params: { path: company }, body })),
    onSuccess: () => client.invalidateQueries({ queryKey: staffKey(company) }),
    meta: { handledLocally: true },
  });
}
