import type { Me } from '@/shared/api/types';

export type ApplyButton = { kind: 'hidden' } | { kind: 'applied' } | { kind: 'external'; href: string } | { kind: 'internal'; path: string };

/**
 * The apply button of a vacancy (spec 1 section 4): none without a future validUntil or for a
 * closed vacancy; a disabled "applied" one when the user cannot apply again; the employer's own
 * link (http or https) in a new tab; otherwise the application form.
 */
export function applyButton(
  vacancy: { vacancyId: string; validUntil?: string | null; active: boolean; canApply: boolean; applyLink?: string | null },
  now: Date = new Date(),
): ApplyButton {
  const until = vacancy.validUntil ? new Date(vacancy.validUntil) : null;
  if (!until || Number.isNaN(until.getTime()) || until <= now || !vacancy.active) return { kind: 'hidden' };
  if (!vacancy.canApply) return { kind: 'applied' };
  const link = vacancy.applyLink?.trim();
  if (link && /^https?:\/\//i.test(link)) return { kind: 'external', href: link };
  return { kind: 'internal', path: `/account/vacancies/${vacancy.vacancyId}/apply` };
}

/**
 * Whether the vacancy page has an apply block for this user (spec 1 section 4): for visitors with
 * no role (applying asks them to sign in) and applicants; employers and administrators cannot apply,
 * so they see none rather than a button that ends on "Access denied".
 */
export function offersApplying(me: Pick<Me, 'roles'> | null | undefined): boolean {
  if (!me) return true;
  return me.roles.includes('APPLICANT') || me.roles.every((role) => role === 'USER');
}
