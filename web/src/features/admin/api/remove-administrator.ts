import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { administratorsKey } from './get-administrators';

/** `DELETE /api/admin/administrators?username=`: the administrator loses the role and is signed out. */
export function useRemoveAdministrator() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => unwrap(api.DELETE('/api/admin/administrators', { params: { query: { username } } })),
    onSettled: () => client.invalidateQueries({ queryKey: administratorsKey }),
  });
}
