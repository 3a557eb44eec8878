import type { Me } from '@/shared/api/types';
import type { Language } from '@/shared/i18n/languages';

export type Step = 'login' | 'link' | 'verify' | 'profile' | 'role' | 'company' | 'claimPending' | 'employerCompanies';

/** What follows once the user is known (spec 1 section 4). */
export type Next =
  | { kind: 'step'; step: Step }
  | { kind: 'registerApplicant' }
  | { kind: 'checkCompanies' }
  | { kind: 'finish' };

export function hasProfile(me: Me): boolean {
  const { firstname, lastname, phoneNumber } = me.profile;
  return !!firstname?.trim() && !!lastname?.trim() && !!phoneNumber?.trim();
}

export function hasOnlyBaseRole(me: Me): boolean {
  return me.roles.every((role) => role === 'USER');
}

/** The step after the code, the profile or a registration, decided from the user and the return path. */
export function nextAfterUser(me: Me, returnPath: string | null, language: Language): Next {
  if (!hasProfile(me)) return { kind: 'step', step: 'profile' };
  if (hasOnlyBaseRole(me)) {
    if (me.pendingClaims?.length) return { kind: 'step', step: 'claimPending' };
    if (!returnPath) return { kind: 'step', step: 'role' };
    // a staff invitation's link: the person answers it first, without choosing a role here
    if (returnPath === `/${language}/invitations`) return { kind: 'finish' };
    if (returnPath.startsWith(`/${language}/account`)) return { kind: 'registerApplicant' };
    return { kind: 'step', step: 'company' };
  }
  if (me.roles.includes('EMPLOYER')) return { kind: 'checkCompanies' };
  return { kind: 'finish' };
}

/** An employer with more than one company picks the one to act for. */
export function nextAfterCompanies(count: number): Next {
  return count > 1 ? { kind: 'step', step: 'employerCompanies' } : { kind: 'finish' };
}

/**
 * Where a finished sign-in goes: the return path, else by role — administrators and supervisors to
 * the companies list, employer to the company page, applicant to the profile, anyone else home.
 */
export function landingPath(me: Me | null, returnPath: string | null, language: Language): string {
  if (returnPath && isSafeReturnPath(returnPath)) return returnPath;
  const prefix = `/${language}`;
  if (!me) return `${prefix}/`;
  if (me.roles.includes('ADMIN') || me.roles.includes('SUPERVISOR')) return `${prefix}/admin/companies`;
  if (me.roles.includes('EMPLOYER')) return `${prefix}/employer/account/my-company`;
  if (me.roles.includes('APPLICANT')) return `${prefix}/account/profile`;
  return `${prefix}/`;
}

/** Only paths of this site may be returned to (no `//host` or absolute URLs). */
export function isSafeReturnPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');
}
