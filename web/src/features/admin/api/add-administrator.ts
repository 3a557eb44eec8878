import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

import { administratorsKey } from './get-administrators';

export type NewAdministrator = components['schemas']['StaffInput'];

/** `POST /api/admin/administrators`: a new administrator by e-mail, name and phone. */
export function useAddAdministrator() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewAdministrator) => unwrap(api.POST('/api/admin/administrators', { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: administratorsKey }),
  });
}
