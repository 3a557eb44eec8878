import { createBrowserRouter } from 'react-router';

import { FullScreenLoader } from '@/shared/ui/full-screen-loader';

import { RequireAccount, RequireRole } from './guards';
import { Forbidden } from './routes/forbidden';
import { LanguageRoot, RootRedirect } from './routes/language-root';
import { NotFound } from './routes/not-found';
import { RouteError } from './routes/route-error';

/**
 * Every screen sits under `/{lang}`; each area's screens load on demand. Guarded areas cover
 * their unknown paths too, so a visitor learns nothing about them before signing in.
 */
export function createRouter() {
  return createBrowserRouter([
    { path: '/', element: <RootRedirect /> },
    {
      path: '/:lang',
      element: <LanguageRoot />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <FullScreenLoader />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            { index: true, lazy: () => import('@/features/home/routes/home') },
            { path: 'vacancies', lazy: () => import('@/features/vacancies/routes/vacancies') },
            { path: 'vacancies/:vacancyId', lazy: () => import('@/features/vacancies/routes/vacancy') },
            { path: 'categories', lazy: () => import('@/features/vacancies/routes/categories') },
            { path: 'locations/:code', lazy: () => import('@/features/locations/routes/location') },
            { path: 'companies/:countryCode', lazy: () => import('@/features/companies/routes/companies') },
            { path: 'companies/:countryCode/:registryCode', lazy: () => import('@/features/companies/routes/company') },
            { path: 'about-us', lazy: () => import('@/features/info/routes/about-us') },
            { path: 'contacts', lazy: () => import('@/features/info/routes/contacts') },
            { path: 'prices-and-services', lazy: () => import('@/features/info/routes/prices-and-services') },
            { path: 'partnership-tootukassa', lazy: () => import('@/features/info/routes/partnership-tootukassa') },
            { path: 'faq-employers', lazy: () => import('@/features/info/routes/faq-employers') },
            { path: 'faq-applicants', lazy: () => import('@/features/info/routes/faq-applicants') },
            { path: 'notifications/unsubscribe/:username/:token', lazy: () => import('@/features/info/routes/unsubscribe') },
            { path: 'application/:linkId', lazy: () => import('@/features/applications/routes/application-link') },
            { path: 'alerts/confirm/:token', lazy: () => import('@/features/alerts/routes/confirm') },
            { path: 'alerts/manage/:token', lazy: () => import('@/features/alerts/routes/manage') },
            { path: 'alerts/unsubscribe/:token', lazy: () => import('@/features/alerts/routes/unsubscribe') },
            { path: 'login', lazy: () => import('@/features/auth/routes/login') },
            { path: 'logout', lazy: () => import('@/features/auth/routes/logout') },
            { path: '403', element: <Forbidden /> },
            {
              path: 'account',
              element: <RequireRole roles={['APPLICANT']} />,
              children: [
                { path: 'profile', lazy: () => import('@/features/account/routes/profile') },
                { path: 'my-cv', lazy: () => import('@/features/cv/routes/my-cv') },
                { path: 'create-cv', lazy: () => import('@/features/cv/routes/create-cv') },
                { path: 'my-interviews', lazy: () => import('@/features/interviews/routes/my-interviews') },
                { path: 'messages', lazy: () => import('@/features/messages/routes/messages') },
                { path: 'calendar', lazy: () => import('@/features/calendar/routes/calendar') },
                { path: 'my-data', lazy: () => import('@/features/my-data/routes/my-data') },
                { path: 'my-applications', lazy: () => import('@/features/applications/routes/my-applications') },
                { path: 'my-applications/:applicationId', lazy: () => import('@/features/applications/routes/my-application') },
                { path: 'my-favourites', lazy: () => import('@/features/applications/routes/my-favourites') },
                { path: 'my-alerts', lazy: () => import('@/features/alerts/routes/my-alerts') },
                { path: 'my-services', lazy: () => import('@/features/billing/routes/applicant-services') },
                { path: 'payment/:paymentId', lazy: () => import('@/features/billing/routes/payment-return') },
                { path: 'vacancies/:vacancyId/apply', lazy: () => import('@/features/applications/routes/apply') },
                { path: 'my-invoices', lazy: () => import('@/features/billing/routes/my-invoices') },
                { path: '*', element: <NotFound /> },
              ],
            },
            {
              path: 'admin',
              element: <RequireRole roles={['ADMIN', 'SUPERVISOR']} />,
              children: [
                { index: true, lazy: () => import('@/features/admin/routes/dashboard') },
                { path: 'companies', lazy: () => import('@/features/admin/routes/companies') },
                { path: 'companies/:countryCode/:registryCode', lazy: () => import('@/features/admin/routes/company') },
                { path: 'profile', lazy: () => import('@/features/admin/routes/profile') },
                { path: 'invoices', lazy: () => import('@/features/admin/routes/invoices') },
                { path: 'prices', lazy: () => import('@/features/admin/routes/prices') },
                { path: 'employers', lazy: () => import('@/features/admin/routes/employers') },
                { path: 'applicants', lazy: () => import('@/features/admin/routes/applicants') },
                { path: 'audit', lazy: () => import('@/features/admin/routes/audit') },
                { path: 'market', lazy: () => import('@/features/market/routes/admin-market') },
                { path: 'moderation', lazy: () => import('@/features/moderation/routes/moderation') },
                { path: 'moderation/vacancies/:vacancyId', lazy: () => import('@/features/moderation/routes/moderation-ad') },
                {
                  path: 'administrators',
                  element: <RequireRole roles={['SUPERVISOR']} />,
                  children: [{ index: true, lazy: () => import('@/features/admin/routes/administrators') }],
                },
                { path: 'my-data', lazy: () => import('@/features/my-data/routes/my-data') },
                { path: '*', element: <NotFound /> },
              ],
            },
            {
              // any signed-in account: the invited person may be an applicant, an employer or an administrator
              path: 'invitations',
              element: <RequireAccount />,
              children: [{ index: true, lazy: () => import('@/features/staff-invitations/routes/staff-invitations') }],
            },
            {
              // any signed-in account may report an ad and see what became of it
              path: 'my-reports',
              element: <RequireAccount />,
              children: [{ index: true, lazy: () => import('@/features/moderation/routes/my-reports') }],
            },
            {
              // every signed-in role's notification centre (more specific than the applicant's `account/*`)
              path: 'account/notifications',
              element: <RequireAccount />,
              children: [{ index: true, lazy: () => import('@/features/notifications/routes/notifications') }],
            },
            {
              path: 'samples',
              element: <RequireRole roles={['ADMIN', 'SUPERVISOR']} />,
              children: [{ index: true, lazy: () => import('@/features/samples/routes/samples') }],
            },
            {
              path: 'employer',
              element: <RequireRole roles={['EMPLOYER']} />,
              children: [
                { path: 'account/my-company', lazy: () => import('@/features/employer/routes/my-company') },
                { path: 'account/my-vacancies', lazy: () => import('@/features/employer-vacancies/routes/my-vacancies') },
                { path: 'account/my-vacancies/create-vacancy', lazy: () => import('@/features/vacancy-editor/routes/create-vacancy') },
                { path: 'account/my-vacancies/:vacancyId/edit', lazy: () => import('@/features/vacancy-editor/routes/edit-vacancy') },
                { path: 'account/my-vacancies/:vacancyId/preview', lazy: () => import('@/features/vacancy-editor/routes/preview-vacancy') },
                { path: 'account/my-interviews', lazy: () => import('@/features/employer-interviews/routes/my-interviews') },
                { path: 'account/my-calendar', lazy: () => import('@/features/employer-interviews/routes/my-calendar') },
                { path: 'account/my-vacancies/:vacancyId/candidates', lazy: () => import('@/features/candidates/routes/candidates') },
                { path: 'account/my-vacancies/:vacancyId/candidates/:applicationId', lazy: () => import('@/features/candidates/routes/candidate') },
                { path: 'account/messages', lazy: () => import('@/features/messages/routes/messages') },
                { path: 'account/cv-base', lazy: () => import('@/features/cv-base/routes/cv-base') },
                { path: 'account/cv-base/saved', lazy: () => import('@/features/cv-base/routes/cv-base') },
                { path: 'account/cv-base/cv/:cvId', lazy: () => import('@/features/cv-base/routes/cv') },
                { path: 'account/my-invoices', lazy: () => import('@/features/billing/routes/my-invoices') },
                { path: 'account/my-services', lazy: () => import('@/features/billing/routes/employer-services') },
                { path: 'account/payment/:paymentId', lazy: () => import('@/features/billing/routes/payment-return') },
                { path: 'account/premium-services', lazy: () => import('@/features/billing/routes/premium-services') },
                { path: 'account/courses', lazy: () => import('@/features/market/routes/courses') },
                { path: 'account/outsource', lazy: () => import('@/features/market/routes/outsource') },
                // the same settings and data screens as the administrator's and the applicant's
                { path: 'account/profile', lazy: () => import('@/features/admin/routes/profile') },
                { path: 'account/my-data', lazy: () => import('@/features/my-data/routes/my-data') },
                { path: '*', element: <NotFound /> },
              ],
            },
            { path: '*', element: <NotFound /> },
          ],
        },
      ],
    },
  ]);
}
