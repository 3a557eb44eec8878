import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import type { ModerationRules } from './get-rules';
import { rulesKey } from './get-rules';

/** `PUT /api/admin/moderation/rules`: the rules for the next publications and edits. */
export function useSetModerationRules() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rules: ModerationRules) => unwrap(api.PUT('/api/admin/moderation/rules', { body: rules })),
    onSettled: () => client.invalidateQueries({ queryKey: rulesKey }),
  });
}
