import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

export type UnmatchedLine = components['schemas']['UnmatchedLine'];

export const unmatchedLinesKey = ['admin', 'bank-statements', 'unmatched'] as const;

/** `GET /api/admin/bank-statements/unmatched`: the statement lines waiting to be resolved by hand. */
export function useUnmatchedLines() {
  return useQuery({
    queryKey: unmatchedLinesKey,
    queryFn: () => unwrap(api.GET('/api/admin/bank-statements/unmatched')),
  });
}
