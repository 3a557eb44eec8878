import { Alert, Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { errorText } from '@/shared/api/error-text';
import { Page } from '@/shared/ui/page';

import { useUnsubscribe } from '../api/unsubscribe';

/** Unsubscribing from the mailing list with the link's username and token. */
export function Component() {
  const { t } = useTranslation();
  const { username = '', token = '' } = useParams();
  const unsubscribe = useUnsubscribe();
  return (
    <Page title={t('unsubscribe.title')} size="sm">
      {unsubscribe.isSuccess ? (
        <Alert color="green" role="status">
          {t('unsubscribe.done')}
        </Alert>
      ) : (
        <>
          <Text size="lg">{t('unsubscribe.text', { username })}</Text>
          {unsubscribe.isError && (
            <Alert color="red" role="alert">
              {t('unsubscribe.failed', { message: errorText(unsubscribe.error) })}
            </Alert>
          )}
          <Button
            w="fit-content"
            onClick={() => unsubscribe.mutate({ username, token })}
            loading={unsubscribe.isPending}
            disabled={unsubscribe.isPending}
          >
            {t('unsubscribe.confirm')}
          </Button>
        </>
      )}
    </Page>
  );
}
