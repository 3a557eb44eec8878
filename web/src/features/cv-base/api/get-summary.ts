import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

export const cvBaseSummaryKey = ['cv-base', 'summary'] as const;

/** `GET /api/employer/cv-base/summary`: whether the company has access, and what the database holds (counts only). */
export function useCvBaseSummary() {
  return useQuery({ queryKey: cvBaseSummaryKey, queryFn: () => unwrap(api.GET('/api/employer/cv-base/summary')) });
}
