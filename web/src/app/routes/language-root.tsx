import { useLayoutEffect } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation, useParams } from 'react-router';

import { applyLanguage } from '@/shared/i18n';
import { isLanguage, storeLanguage, storedLanguage } from '@/shared/i18n/languages';

import { AppLayout } from '../layout/app-layout';
import { useUpdateWarning } from '../update-warning';

/** `/:lang/*`: a known language sets the interface language; anything else gets one put in front. */
export function LanguageRoot() {
  const { lang } = useParams();
  const location = useLocation();
  useUpdateWarning();

  useLayoutEffect(() => {
    if (!isLanguage(lang)) return;
    void applyLanguage(lang);
    storeLanguage(lang);
  }, [lang]);

  if (!isLanguage(lang)) return <Navigate to={`/${storedLanguage()}${location.pathname}${location.search}`} replace />;
  return (
    <AppLayout>
      <Outlet />
      <ScrollRestoration />
    </AppLayout>
  );
}

/** `/`: the stored or default language. */
export function RootRedirect() {
  return <Navigate to={`/${storedLanguage()}/`} replace />;
}
