import { Alert, Anchor, Loader } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';
import { ensureNamespace } from '@/shared/i18n';
import { useLocalizedPath } from '@/shared/i18n/use-language';
import { Page } from '@/shared/ui/page';

import { useModeratedAd } from '../api/get-ad';
import { useDecisions } from '../components/decisions';
import { QueueCard } from '../components/queue-card';
import { NAMESPACE, texts } from '../texts';

export const loader = () => ensureNamespace(NAMESPACE, texts);

/**
 * `/admin/moderation/vacancies/:vacancyId`: one ad's admin view, in the queue or not — the ad as
 * shown, its open reports, its company's history and its signals, and the decisions its state allows.
 */
export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const { vacancyId = '' } = useParams();
  const to = useLocalizedPath();
  const ad = useModeratedAd(vacancyId);
  const { decide, busy, dialog, error } = useDecisions();
  return (
    <Page title={t('view.title')} size="lg">
      <Anchor component={Link} to={to('/admin/moderation')} size="sm">
        {t('view.back')}
      </Anchor>
      {ad.isPending && <Loader aria-label={t('view.loading')} />}
      {ad.isError && (
        <Alert color="red" role="alert">
          {errorText(ad.error)}
        </Alert>
      )}
      {ad.data && <QueueCard item={ad.data} busy={busy} linkToView={false} onDecide={(decision) => decide(ad.data, decision)} />}
      {error}
      {dialog}
    </Page>
  );
}
