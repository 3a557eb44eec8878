import { Alert, Loader, Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { Page } from '@/shared/ui/page';

import { useConfirmVisitorAlert } from '../api/confirm-visitor-alert';
import { VisitorAlerts } from '../components/visitor-alerts';
import { loadTexts, NAMESPACE } from '../texts';

export const loader = loadTexts;

/** `/alerts/confirm/:token`: the link of a visitor's confirmation mail; confirms, then shows the address's alerts. */
export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const { token = '' } = useParams();
  const confirm = useConfirmVisitorAlert();
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    confirm.mutate({ token });
  }, [confirm, token]);
  return (
    <Page title={t('confirm.title')}>
      {confirm.isSuccess ? (
        <Stack gap="md">
          <Alert color="green" role="status">
            {t('confirm.done', { email: confirm.data.email })}
          </Alert>
          <VisitorAlerts token={token} alerts={confirm.data} />
        </Stack>
      ) : confirm.isError ? (
        <Alert color="red" role="alert">
          {t('confirm.failed')}
        </Alert>
      ) : (
        <Loader mx="auto" my="xl" display="block" aria-label={t('confirm.confirming')} />
      )}
    </Page>
  );
}
