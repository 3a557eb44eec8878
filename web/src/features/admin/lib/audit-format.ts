import type { AuditEntry } from '../api/get-audit';

/** When an entry was recorded, in Tallinn time. */
export function auditTime(iso: string): string {
  return new Intl.DateTimeFormat('et-EE', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'Europe/Tallinn' }).format(new Date(iso));
}

/** Whom an entry is about: the user, the company (with its registry code), or both. */
export function auditTarget(entry: AuditEntry): string {
  const company = entry.targetCompany ? `${entry.targetCompany.businessName} (${entry.targetCompany.registryCode})` : null;
  return [entry.targetUser, company].filter(Boolean).join(' · ') || '—';
}
