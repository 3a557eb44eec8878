import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

export type AuditEntry = components['schemas']['AuditEntry'];

export interface AuditFilter {
  action: string;
  actor: string;
  target: string;
  from: string | null;
  to: string | null;
  page: number;
}

export const AUDIT_PAGE_SIZE = 50;

/** `GET /api/admin/audit`: the audit log, newest first, by the filter. */
export function useAuditLog(filter: AuditFilter) {
  const query = {
    action: filter.action || undefined,
    actor: filter.actor || undefined,
    target: filter.target || undefined,
    from: filter.from ?? undefined,
    to: filter.to ?? undefined,
    page: filter.page,
    size: AUDIT_PAGE_SIZE,
  };
  return useQuery({
    queryKey: ['admin', 'audit', query],
    queryFn: () => unwrap(api.GET('/api/admin/audit', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}
