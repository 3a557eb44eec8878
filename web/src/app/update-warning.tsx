import { Button, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { onUpdateNeeded } from '@/shared/api/build-version';
import { notify } from '@/shared/ui/notify';

/** "Page update is needed" once the server's build differs from the loaded one: a warning toast that stays until closed. */
export function useUpdateWarning(): void {
  const { t } = useTranslation();
  useEffect(
    () =>
      onUpdateNeeded(() =>
        void notify({
          id: 'update-needed',
          type: 'warning',
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
