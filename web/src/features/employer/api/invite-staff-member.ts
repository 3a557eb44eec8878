import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

import { type CompanyKey } from './get-staff';
import { staffInvitationsKey } from './get-staff-invitations';

export type StaffInvitationInput = components['schemas']['StaffInvitationInput'];

/**
 * `POST /api/employer/company/{countryCode}/{registryCode}/staff`: invites an e-mail to the staff.
 * The person joins only by accepting in their own account; the answer is the pending invitation.
 */
export function useInviteStaffMember(company: CompanyKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffInvitationInput) =>
      unwrap(api.POST('/api/employer/company/{countryCode}/{registryCode}/staff', { params: { path: company }, body })),
    onSuccess: () => client.invalidateQueries({ queryKey: staffInvitationsKey(company) }),
    meta: { handledLocally: true },
  });
}
