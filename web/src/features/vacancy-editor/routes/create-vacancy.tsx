import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { loadBillingTexts } from '@/shared/billing/texts';
import { ensureNamespace } from '@/shared/i18n';
import { NAMESPACE as PICTURES, texts as pictureTexts } from '@/shared/pictures/locales/texts';
import { Page } from '@/shared/ui/page';

import { useSandboxPayments } from '../api/get-sandbox-payments';
import { VacancyWizard } from '../components/vacancy-wizard';
import { parseStep } from '../lib/steps';
import { texts } from '../locales/texts';

/** The editor's texts, and the pay dialog's (the publish step pays a vacancy waiting for payment). */
export const loader = async () => {
  await Promise.all([ensureNamespace('vacancyEditor', texts), ensureNamespace(PICTURES, pictureTexts), loadBillingTexts()]);
  return null;
};

/** `/employer/account/my-vacancies/create-vacancy`: a new vacancy; its first save moves to its own address. */
export function Component() {
  const { t } = useTranslation('vacancyEditor');
  const [params, setParams] = useSearchParams();
  const sandbox = useSandboxPayments();
  return (
    <Page title={t('wizard.titleNew')} size="lg">
      <VacancyWizard vacancy={null} step={parseStep(params.get('step'))} onStep={(step) => setParams({ step })} sandbox={sandbox} />
    </Page>
  );
}
