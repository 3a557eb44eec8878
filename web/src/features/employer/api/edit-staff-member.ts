import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

import { type CompanyKey, staffKey } from './get-staff';

export type StaffMemberInput = components['schemas']['StaffMemberInput'];

/** `POST /api/employer/company/{countryCode}/{registryCode}/staff/{userId}`: what the company keeps about a member (the job title). */
export function useEditStaffMember(company: CompanyKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: StaffMemberInput }) =>
      unwrap(api.POST('/api/employer/company/{countryCode}/{registryCode}/staff/{userId}', { params: { path: { ...company, userId } }, body })),
    onSuccess: () => client.invalidateQueries({ queryKey: staffKey(company) }),
    meta: { handledLocally: true },
  });
}
