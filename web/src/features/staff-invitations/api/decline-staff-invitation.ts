import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { myStaffInvitationsKey } from './get-my-staff-invitations';

/** `POST /api/user/staff-invitations/{invitationId}/decline`: the invitation is gone; nothing else changes. */
export function useDeclineStaffInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) =>
      unwrap(api.POST('/api/user/staff-invitations/{invitationId}/decline', { params: { path: { invitationId } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: myStaffInvitationsKey }),
    meta: { handledLocally: true },
  });
}
