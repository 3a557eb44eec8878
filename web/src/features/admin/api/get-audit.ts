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

/** Whose own entries a company or person screen shows: those about the company, or those the person made or was the target of. */
export type AuditSubject = { companyId: string } | { userId: string };

/** The entries a screen of its own shows at a time. */
export const OWN_AUDIT_PAGE_SIZE = 20;

/** `GET /api/admin/audit?companyId=` or `?userId=`: a company's or a person's own entries, newest first. */
export function useOwnAuditEntries(subject: AuditSubject, page: number) {
  const query = { ...subject, page, size: OWN_AUDIT_PAGE_SIZE };
  return useQuery({
    queryKey: ['admin', 'audit', query],
    queryFn: () => unwrap(api.GET('/api/admin/audit', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}
