import type { Me } from '@/shared/api/types';
import { isApplicant, isEmployer } from '@/shared/session/me';

export interface NavItem {
  key: string;
  /** i18n key of the label */
  label: string;
  /** path below the language */
  to: string;
  /** shown in the sidebar only below the desktop width */
  mobileOnly?: boolean;
}

/** The FAQ for the user's role: employers get theirs, everyone else the job seekers'. */
export function faqPath(me: Me | null): string {
  return isEmployer(me) ? '/faq-employers' : '/faq-applicants';
}

/** The dashboard of the role, if the role has one. */
export function dashboardItem(me: Me | null): NavItem | null {
  if (isEmployer(me)) return { key: 'my-company', label: 'nav.myCompany', to: '/employer/account/my-company' };
  if (isApplicant(me)) return { key: 'profile', label: 'nav.myProfile', to: '/account/profile' };
  return null;
}

/**
 * Sidebar items filtered by role (spec 1 section 6): home shows in the sidebar only below 1024 px
 * for a signed-in user; the role's own pages follow.
 */
export function sidebarItems(me: Me | null): NavItem[] {
  const items: NavItem[] = [
    { key: 'home', label: 'nav.home', to: '/', mobileOnly: !!me },
    { key: 'vacancies', label: 'nav.vacancies', to: '/vacancies', mobileOnly: true },
    { key: 'categories', label: 'nav.categories', to: '/categories', mobileOnly: true },
    { key: 'employers', label: 'nav.employers', to: '/companies/EE', mobileOnly: true },
  ];
  if (isApplicant(me)) items.push({ key: 'profile', label: 'nav.myProfile', to: '/account/profile' });
  if (isApplicant(me)) items.push({ key: 'my-cv', label: 'nav.myCvs', to: '/account/my-cv' });
  if (isApplicant(me)) items.push({ key: 'my-data', label: 'nav.myData', to: '/account/my-data' });
  if (isEmployer(me)) items.push({ key: 'my-company', label: 'nav.myCompany', to: '/employer/account/my-company' });
  items.push({ key: 'faq', label: 'nav.faq', to: faqPath(me), mobileOnly: true });
  return items;
}

/** The avatar menu's links by role (spec 1 section 6). */
export function avatarMenuItems(me: Me): NavItem[] {
  const items: NavItem[] = [];
  if (isEmployer(me)) {
    items.push({ key: 'my-company', label: 'nav.myCompany', to: '/employer/account/my-company' });
    items.push({ key: 'companies', label: 'nav.companies', to: '/employer/account/my-company#companies' });
  }
  if (isApplicant(me)) items.push({ key: 'profile', label: 'nav.myProfile', to: '/account/profile' });
  if (isApplicant(me)) items.push({ key: 'my-cv', label: 'nav.myCvs', to: '/account/my-cv' });
  return items;
}
