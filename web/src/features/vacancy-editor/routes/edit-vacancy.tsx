import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';

import { loadBillingTexts } from '@/shared/billing/texts';
import { ensureNamespace } from '@/shared/i18n';
import { NAMESPACE as PICTURES, texts as pictureTexts } from '@/shared/pictures/locales/texts';
import { useLocalizedPath } from '@/shared/i18n/use-language';
import { NAMESPACE as MODERATORS, texts as moderatorTexts } from '@/shared/moderators/locales/texts';
import { ModeratorPanel } from '@/shared/moderators/moderator-panel';
import { Page } from '@/shared/ui/page';

import { employerVacancyKey, useEmployerVacancy } from '../api/get-employer-vacancy';
import { useSandboxPayments } from '../api/get-sandbox-payments';
import { VacancyWizard } from '../components/vacancy-wizard';
import { MY_VACANCIES_PATH } from '../lib/paths';
import { parseStep } from '../lib/steps';
import { texts } from '../locales/texts';

/** The editor's texts, the moderator's, and the pay dialog's (the publish step pays a vacancy waiting for payment). */
export const loader = async () => {
  await Promise.all([
    ensureNamespace('vacancyEditor', texts),
    ensureNamespace(PICTURES, pictureTexts),
    ensureNamespace(MODERATORS, moderatorTexts),
    loadBillingTexts(),
  ]);
  return null;
};

/** `/employer/account/my-vacancies/{vacancyId}/edit?step=`: the vacancy's moderator and the wizard on a saved vacancy, the publish step included. */
export function Component() {
  const { t } = useTranslation('vacancyEditor');
  const to = useLocalizedPath();
  const { vacancyId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const vacancy = useEmployerVacancy(vacancyId);
  const sandbox = useSandboxPayments();
  const client = useQueryClient();
  let body;
  if (vacancy.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label={t('translation:common.loading')} />
      </Center>
    );
  } else if (vacancy.isError) {
    body = (
      <Stack align="flex-start">
        <Text>{t('wizard.notFound')}</Text>
        <Button component={Link} to={to(MY_VACANCIES_PATH)} variant="light">
          {t('result.myVacancies')}
        </Button>
      </Stack>
    );
  } else {
    const { data } = vacancy;
    body = (
      <Stack>
        <ModeratorPanel
          target={{ vacancyId, title: data.occupationLabel || t('wizard.titleEditPlain'), moderator: data.moderator }}
          mayDelegate={data.mayDelegate}
          onChanged={() => client.invalidateQueries({ queryKey: employerVacancyKey(vacancyId) })}
        />
        <VacancyWizard key={vacancyId} vacancy={data} step={parseStep(params.get('step'))} onStep={(step) => setParams({ step })} sandbox={sandbox} />
      </Stack>
    );
  }
  return (
    <Page title={vacancy.data?.occupationLabel ? t('wizard.titleEdit', { occupation: vacancy.data.occupationLabel }) : t('wizard.titleEditPlain')} size="lg">
      {body}
    </Page>
  );
}
