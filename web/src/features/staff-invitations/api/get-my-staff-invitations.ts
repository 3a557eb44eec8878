import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

export type MyStaffInvitation = components['schemas']['MyStaffInvitation'];

export const myStaffInvitationsKey = ['my-staff-invitations'] as const;

/** `GET /api/user/staff-invitations`: the pending invitations to the signed-in user's e-mail. */
export function useMyStaffInvitations() {
  return useQuery({
    queryKey: myStaffInvitationsKey,
    queryFn: () => unwrap(api.GET('/api/user/staff-invitations')),
  });
}
