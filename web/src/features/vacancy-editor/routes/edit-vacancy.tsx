import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';

import { loadBillingTexts } from '@/shared/billing/texts';
import { ensureNamespace } from '@/shared/i18n';
import { NAMESPACE as PICTURES, texts as pictureTexts } from '@/shared/pictures/locales/texts';
import { useLocalizedPath } from '@/shared/i18n/use-language';
import { Page } from '@/shared/ui/page';

import { useEmployerVacancy } from '../api/get-employer-vacancy';
import { useSandboxPayments } from '../api/get-sandbox-payments';
import { VacancyWizard } from '../components/vacancy-wizard';
import { MY_VACANCIES_PATH } from '../lib/paths';
import { parseStep } from '../lib/steps';
import { texts } from '../locales/texts';

/** The editor's texts, and the pay dialog's (the publish step pays a vacancy waiting for payment). */
export const loader = async () => {
  await Promise.all([ensureNamespace('vacancyEditor', texts), ensureNamespace(PICTURES, pictureTexts), loadBillingTexts()]);
  return null;
};

/** `/employer/account/my-vacancies/{vacancyId}/edit?step=`: the wizard on a saved vacancy, the publish step included. */
export function Component() {
  const { t } = useTranslation('vacancyEditor');
  const to = useLocalizedPath();
  const { vacancyId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const vacancy = useEmployerVacancy(vacancyId);
  const sandbox = useSandboxPayments();
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
    body = (
      <VacancyWizard
        key={vacancyId}
        vacancy={vacancy.data}
        step={parseStep(params.get('step'))}
        onStep={(step) => setParams({ step })}
        sandbox={sandbox}
      />
    );
  }
  return (
    <Page title={vacancy.data?.occupationLabel ? t('wizard.titleEdit', { occupation: vacancy.data.occupationLabel }) : t('wizard.titleEditPlain')} size="lg">
      {body}
    </Page>
  );
}
