import type { Me } from '@/shared/api/types';
import type { BadgeKind } from '@/shared/lib/badges';
import { CREATIONS, type Creation } from '@/shared/session/creation';
import { isApplicant, isEmployer, isStaff } from '@/shared/session/me';

export interface NavItem {
  key: string;
  /** i18n key of the label */
  label: string;
  /** path below the language */
  to: string;
  /** shown in the sidebar only below the desktop width */
  mobileOnly?: boolean;
  /** the menu badge this item carries (spec 1 section 3, badge kinds) */
  badge?: BadgeKind;
  /** what the item leads to creating: its click sends that creation's analytics event */
  creation?: Creation;
}

/** The applicant's own pages, in the sidebar and the avatar menu alike. */
const APPLICANT_ITEMS: NavItem[] = [
  { key: 'profile', label: 'nav.myProfile', to: '/account/profile' },
  { key: 'my-cv', label: 'nav.myCvs', to: '/account/my-cv' },
  { key: 'my-applications', label: 'nav.myApplications', to: '/account/my-applications', badge: 'APPLICATIONS' },
  { key: 'my-favourites', label: 'nav.myFavourites', to: '/account/my-favourites' },
  { key: 'my-alerts', label: 'nav.myAlerts', to: '/account/my-alerts' },
  { key: 'my-interviews', label: 'nav.myInterviews', to: '/account/my-interviews', badge: 'INTERVIEWS' },
  { key: 'messages', label: 'nav.messages', to: '/account/messages', badge: 'MESSAGES' },
  { key: 'calendar', label: 'nav.calendar', to: '/account/calendar' },
  { key: 'my-services', label: 'nav.myServices', to: '/account/my-services' },
  { key: 'my-invoices', label: 'nav.myInvoices', to: '/account/my-invoices', badge: 'INVOICES' },
  { key: 'my-data', label: 'nav.myData', to: '/account/my-data' },
];

/**
 * The employer's first screen: their vacancies, where new applications are looked at (candidates are
 * reached from a vacancy), so it carries the applications badge (applications received since last seen).
 */
const EMPLOYER_DASHBOARD: NavItem = { key: 'my-vacancies', label: 'nav.myVacancies', to: '/employer/account/my-vacancies', badge: 'APPLICATIONS' };

/**
 * The employer area's screens, in the sidebar and the avatar menu alike. Candidates are reached
 * from a vacancy; its other screens (messages, CV database) join as they are built: an item never
 * leads to "Page not found".
 */
const EMPLOYER_ITEMS: NavItem[] = [
  EMPLOYER_DASHBOARD,
  { key: 'create-vacancy', label: 'nav.createVacancy', to: CREATIONS.vacancy.path, creation: 'vacancy' },
  { key: 'my-interviews', label: 'nav.myInterviews', to: '/employer/account/my-interviews', badge: 'INTERVIEWS' },
  { key: 'my-calendar', label: 'nav.myCalendar', to: '/employer/account/my-calendar' },
  { key: 'messages', label: 'nav.messages', to: '/employer/account/messages', badge: 'MESSAGES' },
  { key: 'cv-base', label: 'nav.cvBase', to: '/employer/account/cv-base' },
  { key: 'my-invoices', label: 'nav.myInvoices', to: '/employer/account/my-invoices', badge: 'INVOICES' },
  { key: 'my-services', label: 'nav.myServices', to: '/employer/account/my-services' },
  { key: 'my-company', label: 'nav.myCompany', to: '/employer/account/my-company' },
  { key: 'premium-services', label: 'nav.premiumServices', to: '/employer/account/premium-services' },
  { key: 'courses', label: 'nav.courses', to: '/employer/account/courses' },
  { key: 'outsource', label: 'nav.outsource', to: '/employer/account/outsource' },
  { key: 'employer-profile', label: 'nav.myProfile', to: '/employer/account/profile' },
  { key: 'employer-my-data', label: 'nav.myData', to: '/employer/account/my-data' },
];

/**
 * The back office's screens (ADMIN and SUPERVISOR, spec 2 section 2), in the sidebar and the avatar
 * menu alike; its other screens join as they are built.
 */
const ADMIN_ITEMS: NavItem[] = [
  { key: 'admin-dashboard', label: 'nav.adminDashboard', to: '/admin' },
  { key: 'admin-companies', label: 'nav.adminCompanies', to: '/admin/companies' },
  { key: 'admin-employers', label: 'nav.adminEmployers', to: '/admin/employers' },
  { key: 'admin-applicants', label: 'nav.adminApplicants', to: '/admin/applicants' },
  { key: 'admin-invoices', label: 'nav.adminInvoices', to: '/admin/invoices' },
  { key: 'admin-prices', label: 'nav.adminPrices', to: '/admin/prices' },
  { key: 'admin-market', label: 'nav.adminMarket', to: '/admin/market' },
  { key: 'admin-moderation', label: 'nav.adminModeration', to: '/admin/moderation' },
];
/** Only a SUPERVISOR sees the administrators (spec 2 section 6). */
const SUPERVISOR_ITEM: NavItem = { key: 'admin-administrators', label: 'nav.adminAdministrators', to: '/admin/administrators' };
const AUDIT_ITEM: NavItem = { key: 'admin-audit', label: 'nav.adminAudit', to: '/admin/audit' };
const PROFILE_ITEM: NavItem = { key: 'admin-profile', label: 'nav.myProfile', to: '/admin/profile' };
const MY_DATA_ITEM: NavItem = { key: 'admin-my-data', label: 'nav.myData', to: '/admin/my-data' };

/** The back office's items for this administrator. */
function adminItems(me: Me | null): NavItem[] {
  const own = [AUDIT_ITEM, PROFILE_ITEM, MY_DATA_ITEM];
  return me?.roles.includes('SUPERVISOR') ? [...ADMIN_ITEMS, SUPERVISOR_ITEM, ...own] : [...ADMIN_ITEMS, ...own];
}

/** The catalogue of the app's shared components, in the header of administrators only (spec 2 section 2). */
const SAMPLES_ITEM: NavItem = { key: 'samples', label: 'nav.samples', to: '/samples' };

/** The header's link to `/samples`, for administrators only. */
export function samplesItem(me: Me | null): NavItem | null {
  return isStaff(me) ? SAMPLES_ITEM : null;
}

/** The CV database, for employers and guests (spec 1 section 3): a guest is asked to sign in first. */
const CV_BASE_ITEM: NavItem = { key: 'cv-base', label: 'nav.cvBase', to: '/employer/account/cv-base' };

/** The header's CV-database link: for employers and guests, not for applicants or administrators. */
export function cvBaseItem(me: Me | null): NavItem | null {
  return !me || isEmployer(me) ? CV_BASE_ITEM : null;
}

/** The FAQ for the user's role: employers get theirs, everyone else the job seekers'. */
export function faqPath(me: Me | null): string {
  return isEmployer(me) ? '/faq-employers' : '/faq-applicants';
}

/** The dashboard of the role, if the role has one. */
export function dashboardItem(me: Me | null): NavItem | null {
  if (isStaff(me)) return ADMIN_ITEMS[0];
  if (isEmployer(me)) return EMPLOYER_DASHBOARD;
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
    // a guest's sidebar has the CV database (an employer's has it among the employer's pages)
    ...(me ? [] : [{ ...CV_BASE_ITEM, mobileOnly: true }]),
    { key: 'categories', label: 'nav.categories', to: '/categories', mobileOnly: true },
    { key: 'employers', label: 'nav.employers', to: '/companies/EE', mobileOnly: true },
  ];
  if (isStaff(me)) items.push(...adminItems(me));
  if (isApplicant(me)) items.push(...APPLICANT_ITEMS);
  if (isEmployer(me)) items.push(...EMPLOYER_ITEMS);
  // the header's samples link, which the header hides below the desktop width
  if (isStaff(me)) items.push({ ...SAMPLES_ITEM, mobileOnly: true });
  items.push({ key: 'faq', label: 'nav.faq', to: faqPath(me), mobileOnly: true });
  return items;
}

/** The avatar menu's links by role (spec 1 section 6). */
export function avatarMenuItems(me: Me): NavItem[] {
  const items: NavItem[] = [];
  if (isStaff(me)) items.push(...adminItems(me));
  if (isEmployer(me)) {
    items.push(...EMPLOYER_ITEMS);
    items.push({ key: 'companies', label: 'nav.companies', to: '/employer/account/my-company#companies' });
  }
  if (isApplicant(me)) items.push(...APPLICANT_ITEMS);
  return items;
}
