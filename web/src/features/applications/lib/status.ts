import type { components } from '@/shared/api/schema';

type Schemas = components['schemas'];
export type CandidateStatus = Schemas['CandidateStatus'];

/** Where an application stands for its applicant, matching the tabs it appears under. */
export type DisplayStatus = 'active' | 'archived' | 'cancelled';

interface StatusFields {
  status: string;
  withdrawnAt?: string | null;
  vacancy: { open: boolean };
}

/**
 * Withdrawn is "cancelled"; set aside by the employer (archived, hidden) or for a vacancy that
 * has ended is "archived"; anything else is still "active".
 */
export function displayStatus(application: StatusFields): DisplayStatus {
  if (application.withdrawnAt) return 'cancelled';
  if (application.status !== 'EXISTS' || !application.vacancy.open) return 'archived';
  return 'active';
}

/** Only an application still in play can be withdrawn. */
export function canWithdraw(application: StatusFields): boolean {
  return displayStatus(application) === 'active';
}

/** The employer's verdict as the applicant reads it: match, probable match or no match. */
export const VERDICT_COLOR: Record<CandidateStatus, string> = { match: 'green', probableMatch: 'yellow', noMatch: 'red' };

/** The change flag's label, or none for NONE (and anything unknown). */
export function changeLabel(flag: string): 'NEW' | 'UPDATED' | null {
  return flag === 'NEW' || flag === 'UPDATED' ? flag : null;
}
