import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';

import { useLanguage } from '@/shared/i18n/use-language';
import { useMe } from '@/shared/session/me';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import { MessagePage } from '@/shared/ui/message-page';
import { useDocumentTitle } from '@/shared/ui/page';

import { useApplicationByLink } from '../api/get-application-by-link';
import { ApplicationView } from '../components/application-view';
import { loadTexts, NAMESPACE } from '../texts';

export const loader = loadTexts;

/**
 * `/application/:linkId`: the application a confirmation mail links to. Only its applicant sees
 * it, signed in; a visitor signs in first and comes back here.
 */
export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const { linkId = '' } = useParams();
  const language = useLanguage();
  const location = useLocation();
  const me = useMe();
  const signedIn = !!me.data;
  const application = useApplicationByLink(linkId, signedIn);
  useDocumentTitle(t('link.title'));
  if (me.isPending) return <FullScreenLoader />;
  if (!signedIn) return <Navigate to={`/${language}/login?${new URLSearchParams({ p: location.pathname })}`} replace />;
  if (application.isPending) return <FullScreenLoader />;
  if (application.isError) return <MessagePage title={t('translation:notFound.title')} text={t('link.notFound')} />;
  return <ApplicationView application={application.data} language={language} />;
}
