import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

export type ModerationRules = components['schemas']['Rules'];

export const rulesKey = ['admin', 'moderation', 'rules'] as const;

/** `GET /api/admin/moderation/rules`: which publications wait for review. */
export function useModerationRules() {
  return useQuery({ queryKey: rulesKey, queryFn: () => unwrap(api.GET('/api/admin/moderation/rules')) });
}
