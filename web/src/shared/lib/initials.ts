import type { Me } from '@/shared/api/types';

function firstTwo(text: string): string {
  return Array.from(text.trim()).slice(0, 2).join('').toUpperCase();
}

/**
 * The avatar text when there is no thumbnail (spec 1 section 3): a company's first two letters;
 * for administrators, supervisors and users without names the first two letters of the username;
 * otherwise the first letters of first and last name.
 */
export function avatarInitials(me: Pick<Me, 'username' | 'roles' | 'profile' | 'company'>): string {
  if (me.company) return firstTwo(me.company.businessName);
  const { firstname, lastname } = me.profile;
  const staff = me.roles.includes('ADMIN') || me.roles.includes('SUPERVISOR');
  if (staff || !firstname?.trim() || !lastname?.trim()) return firstTwo(me.username);
  return (Array.from(firstname.trim())[0] + Array.from(lastname.trim())[0]).toUpperCase();
}

/** A company's avatar text: the first two letters of its business name. */
export function companyInitials(businessName: string): string {
  return firstTwo(businessName);
}
