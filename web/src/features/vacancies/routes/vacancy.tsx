import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { errorText } from '@/shared/api/error-text';
import { ApiError } from '@/shared/api/errors';
import type { Language } from '@/shared/i18n/languages';
import { useLanguage } from '@/shared/i18n/use-language';
import { ReportAd } from '@/shared/moderation/report-ad';
import { loadReportTexts } from '@/shared/moderation/texts';
import { useMe } from '@/shared/session/me';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import { MessagePage } from '@/shared/ui/message-page';
import { WhenNear } from '@/shared/ui/when-near';
import { VacancyView } from '@/shared/vacancies/vacancy-view';

import { useVacancy, type VacancyDetail } from '../api/get-vacancy';
import { useVacancyBranding } from '../api/get-vacancy-branding';
import { ApplyAction } from '../components/apply-action';
import { SimilarVacancies } from '../components/similar-vacancies';
import { applyButton, offersApplying } from '../lib/apply';

/** The texts of "Report this ad", which every vacancy page offers. */
export const loader = () => loadReportTexts();

function PublicVacancy({ vacancy, language }: { vacancy: VacancyDetail; language: Language }) {
  const branding = useVacancyBranding(vacancy.vacancyId, vacancy.isBranded);
  const me = useMe();
  const button = applyButton(vacancy);
  // until the session is known the block shows, as on the server's first screen (visitors are most)
  const shown = button.kind !== 'hidden' && (me.isPending || offersApplying(me.data));
  return (
    <VacancyView
      vacancy={vacancy}
      language={language}
      branding={{ data: branding.data, loading: branding.isLoading }}
      apply={shown ? { shown, render: (fullWidth) => <ApplyAction button={button} fullWidth={fullWidth} /> } : undefined}
      after={
        <>
          <ReportAd vacancyId={vacancy.vacancyId} />
          {/* asked for only when the reader comes near the end of the vacancy */}
          <WhenNear minHeight={1}>
            <SimilarVacancies key={vacancy.vacancyId} vacancyId={vacancy.vacancyId} language={language} />
          </WhenNear>
        </>
      }
    />
  );
}

/** Vacancy detail (spec 1 section 2): the view is counted first, then the vacancy loads. */
export function Component() {
  const { t } = useTranslation();
  const { vacancyId = '' } = useParams();
  const language = useLanguage();
  const vacancy = useVacancy(vacancyId, language);
  if (vacancy.isPending) return <FullScreenLoader />;
  if (vacancy.isError || !vacancy.data) {
    const failure = vacancy.error;
    if (!failure || (failure instanceof ApiError && failure.status === 404)) return <MessagePage title={t('notFound.title')} text={t('vacancy.notFound')} />;
    return <MessagePage title={t('errorPage.title')} text={t('vacancy.loadFailed', { message: errorText(failure) })} />;
  }
  return <PublicVacancy vacancy={vacancy.data} language={language} />;
}
