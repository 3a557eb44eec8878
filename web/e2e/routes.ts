/**
 * Every screen of the web router (src/app/router.tsx) below `/:lang`, with the role that sees it.
 * `src/app/router.test.tsx` fails when the router and this list differ, and `e2e/routes.spec.ts`
 * opens each of them as its role: the server must answer 200 and the screen must have no
 * accessibility violation.
 */
export type RouteRole = 'visitor' | 'applicant' | 'employer' | 'admin' | 'supervisor';

export interface ScreenRoute {
  /** The router's pattern below `/:lang` ('' is the home page). */
  pattern: string;
  role: RouteRole;
}

export const SCREEN_ROUTES: ScreenRoute[] = [
  { pattern: '', role: 'visitor' },
  { pattern: 'vacancies', role: 'visitor' },
  { pattern: 'vacancies/:vacancyId', role: 'visitor' },
  { pattern: 'categories', role: 'visitor' },
  { pattern: 'locations/:code', role: 'visitor' },
  { pattern: 'companies/:countryCode', role: 'visitor' },
  { pattern: 'companies/:countryCode/:registryCode', role: 'visitor' },
  { pattern: 'about-us', role: 'visitor' },
  { pattern: 'contacts', role: 'visitor' },
  { pattern: 'prices-and-services', role: 'visitor' },
  { pattern: 'partnership-tootukassa', role: 'visitor' },
  { pattern: 'faq-employers', role: 'visitor' },
  { pattern: 'faq-applicants', role: 'visitor' },
  { pattern: 'notifications/unsubscribe/:username/:token', role: 'visitor' },
  { pattern: 'alerts/confirm/:token', role: 'visitor' },
  { pattern: 'alerts/manage/:token', role: 'visitor' },
  { pattern: 'alerts/unsubscribe/:token', role: 'visitor' },
  { pattern: 'application/:linkId', role: 'visitor' },
  { pattern: 'login', role: 'visitor' },
  { pattern: 'logout', role: 'visitor' },
  { pattern: '403', role: 'visitor' },

  { pattern: 'account/profile', role: 'applicant' },
  { pattern: 'account/my-cv', role: 'applicant' },
  { pattern: 'account/create-cv', role: 'applicant' },
  { pattern: 'account/my-interviews', role: 'applicant' },
  { pattern: 'account/messages', role: 'applicant' },
  { pattern: 'account/calendar', role: 'applicant' },
  { pattern: 'account/my-data', role: 'applicant' },
  { pattern: 'account/my-applications', role: 'applicant' },
  { pattern: 'account/my-applications/:applicationId', role: 'applicant' },
  { pattern: 'account/my-favourites', role: 'applicant' },
  { pattern: 'account/my-alerts', role: 'applicant' },
  { pattern: 'account/my-services', role: 'applicant' },
  { pattern: 'account/payment/:paymentId', role: 'applicant' },
  { pattern: 'account/vacancies/:vacancyId/apply', role: 'applicant' },
  { pattern: 'invitations', role: 'applicant' },

  { pattern: 'admin', role: 'admin' },
  { pattern: 'admin/companies', role: 'admin' },
  { pattern: 'admin/companies/:countryCode/:registryCode', role: 'admin' },
  { pattern: 'admin/profile', role: 'admin' },
  { pattern: 'admin/invoices', role: 'admin' },
  { pattern: 'admin/prices', role: 'admin' },
  { pattern: 'admin/employers', role: 'admin' },
  { pattern: 'admin/applicants', role: 'admin' },
  { pattern: 'admin/audit', role: 'admin' },
  { pattern: 'admin/administrators', role: 'supervisor' },
  { pattern: 'samples', role: 'admin' },

  { pattern: 'employer/account/my-company', role: 'employer' },
  { pattern: 'employer/account/my-vacancies', role: 'employer' },
  { pattern: 'employer/account/my-vacancies/create-vacancy', role: 'employer' },
  { pattern: 'employer/account/my-vacancies/:vacancyId/edit', role: 'employer' },
  { pattern: 'employer/account/my-vacancies/:vacancyId/preview', role: 'employer' },
  { pattern: 'employer/account/my-interviews', role: 'employer' },
  { pattern: 'employer/account/my-calendar', role: 'employer' },
  { pattern: 'employer/account/my-vacancies/:vacancyId/candidates', role: 'employer' },
  { pattern: 'employer/account/my-vacancies/:vacancyId/candidates/:applicationId', role: 'employer' },
  { pattern: 'employer/account/messages', role: 'employer' },
  { pattern: 'employer/account/cv-base', role: 'employer' },
  { pattern: 'employer/account/cv-base/saved', role: 'employer' },
  { pattern: 'employer/account/cv-base/cv/:cvId', role: 'employer' },
  { pattern: 'employer/account/my-invoices', role: 'employer' },
  { pattern: 'employer/account/my-services', role: 'employer' },
  { pattern: 'employer/account/payment/:paymentId', role: 'employer' },
  { pattern: 'employer/account/premium-services', role: 'employer' },
  { pattern: 'employer/account/courses', role: 'employer' },
  { pattern: 'employer/account/outsource', role: 'employer' },
  { pattern: 'admin/market', role: 'admin' },
  { pattern: 'admin/moderation', role: 'admin' },
  { pattern: 'admin/moderation/vacancies/:vacancyId', role: 'admin' },
  { pattern: 'my-reports', role: 'applicant' },
  { pattern: 'account/notifications', role: 'employer' },
  { pattern: 'account/my-invoices', role: 'applicant' },
  { pattern: 'employer/account/profile', role: 'employer' },
  { pattern: 'employer/account/my-data', role: 'employer' },
  { pattern: 'admin/my-data', role: 'admin' },
];
