import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { Page } from '@/shared/ui/page';

import { useVisitorAlerts } from '../api/get-visitor-alerts';
import { VisitorAlerts } from '../components/visitor-alerts';
import { loadTexts, NAMESPACE } from '../texts';

export const loader = loadTexts;

/** `/alerts/manage/:token`: a visitor's alerts, through the link of one of their mails (no account). */
export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const { token = '' } = useParams();
  const alerts = useVisitorAlerts(token);
  return (
    <Page title={t('manage.title')}>
      {alerts.isPending ? (
        <Loader mx="auto" my="xl" display="block" />
      ) : alerts.isError ? (
        <Alert color="red" role="alert">
          {t('manage.failed')}
        </Alert>
      ) : (
        <Stack gap="md">
          <Text c="dimmed">{t('manage.intro', { email: alerts.data.email })}</Text>
          <VisitorAlerts token={token} alerts={alerts.data} />
        </Stack>
      )}
    </Page>
  );
}
