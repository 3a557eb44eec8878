import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import type { CompanyKey } from './get-staff';
import { staffInvitationsKey } from './get-staff-invitations';

/** `DELETE /api/employer/company/{countryCode}/{registryCode}/staff/invitations/{invitationId}`: the invitation can no longer be accepted. */
export function useWithdrawStaffInvitation(company: CompanyKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) =>
      unwrap(
        api.DELETE('/api/employer/company/{countryCode}/{registryCode}/staff/invitations/{invitationId}', {
          params: { path: { ...company, invitationId } },
        }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: staffInvitationsKey(company) }),
  });
}
