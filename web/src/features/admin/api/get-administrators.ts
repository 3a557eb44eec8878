import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

export type Administrator = components['schemas']['Administrator'];
export const administratorsKey = ['admin', 'administrators'] as const;

/** `GET /api/admin/administrators` (SUPERVISOR only): every administrator, supervisors first. */
export function useAdministrators() {
  return useQuery({ queryKey: administratorsKey, queryFn: () => unwrap(api.GET('/api/admin/administrators')) });
}
