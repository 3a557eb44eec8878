import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { Me } from '@/shared/api/types';

import { setMe } from './me';

export function beOriginal(): Promise<Me> {
  return unwrap(api.GET('/api/admin/be-original'));
}

/** Ends impersonation: the administrator is back as themself. */
export function useBeOriginal() {
  const client = useQueryClient();
  return useMutation({ mutationFn: beOriginal, onSuccess: (me) => setMe(client, me) });
}
