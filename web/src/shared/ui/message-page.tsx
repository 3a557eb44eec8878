import { Button, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useLocalizedPath } from '@/shared/i18n/use-language';

/** A page with a title, a text and the way back to the main page (404, 403). */
export function MessagePage({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  return (
    <Stack align="center" gap="md" py={80} px="md" ta="center">
      <Title order={1}>{title}</Title>
      <Text c="dimmed" maw={520}>
        {text}
      </Text>
      {children}
      <Button component={Link} to={to('/')}>
        {t('common.toMain')}
      </Button>
    </Stack>
  );
}
