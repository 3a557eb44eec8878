import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import { setMe } from '@/shared/session/me';

import { myStaffInvitationsKey } from './get-my-staff-invitations';

/**
 * `POST /api/user/staff-invitations/{invitationId}/accept`: the user joins the company's staff and
 * acts for it; the answer is the user with the EMPLOYER role and the company.
 */
export function useAcceptStaffInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) =>
      unwrap(api.POST('/api/user/staff-invitations/{invitationId}/accept', { params: { path: { invitationId } } })),
    onSuccess: (me) => {
      setMe(client, me);
      return client.invalidateQueries({ queryKey: myStaffInvitationsKey });
    },
    meta: { handledLocally: true },
  });
}
