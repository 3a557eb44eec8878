import { Alert, Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';

import { Page } from '@/shared/ui/page';

import { useUnsubscribeAlert } from '../api/unsubscribe-alert';
import { loadTexts, NAMESPACE } from '../texts';

export const loader = loadTexts;

/**
 * `/alerts/unsubscribe/:token` (`?all=1` for every alert): the unsubscribe link of an alert mail,
 * opened in a browser, asks before it stops anything (a mail client's one-click POST needs no page).
 */
export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const all = params.get('all') === '1';
  const unsubscribe = useUnsubscribeAlert();
  return (
    <Page title={t('unsubscribe.title')} size="sm">
      {unsubscribe.isSuccess ? (
        <Alert color="green" role="status">
          {unsubscribe.data.stopped > 0 ? t('unsubscribe.done', { count: unsubscribe.data.stopped }) : t('unsubscribe.nothing')}
        </Alert>
      ) : (
        <>
          <Text size="lg">{all ? t('unsubscribe.all') : t('unsubscribe.one')}</Text>
          {unsubscribe.isError && (
            <Alert color="red" role="alert">
              {t('unsubscribe.failed')}
            </Alert>
          )}
          <Button w="fit-content" onClick={() => unsubscribe.mutate({ token, all })} loading={unsubscribe.isPending}>
            {t('unsubscribe.confirm')}
          </Button>
        </>
      )}
    </Page>
  );
}
