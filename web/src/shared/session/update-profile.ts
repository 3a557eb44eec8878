import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { Me, ProfileInput } from '@/shared/api/types';

import { setMe } from './me';

export function updateProfile(input: ProfileInput): Promise<Me> {
  return unwrap(api.POST('/api/user/profile', { body: input }));
}

/** Saves the profile; the answer is the new current user. */
export function useUpdateProfile({ keepSignedOut = false } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    meta: { handledLocally: true },
    onSuccess: (me) => {
      if (!keepSignedOut) setMe(client, me);
    },
  });
}
