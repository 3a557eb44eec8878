import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { onUpdateNeeded } from '@/shared/api/build-version';

/** "Page update is needed" once the server's build differs from the loaded one. */
export function useUpdateWarning(): void {
  const { t } = useTranslation();
  useEffect(
    () =>
      onUpdateNeeded(() =>
        notifications.show({
          id: 'update-needed',
          color: 'yellow',
          title: t('update.title'),
          autoClose: false,
          message: (
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('update.text')}</Text>
              <Button size="xs" onClick={() => window.location.reload()}>
                {t('common.reload')}
              </Button>
            </Stack>
          ),
        }),
      ),
    [t],
  );
}
